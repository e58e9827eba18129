"""SFT with TRL on the kopa-edge `openai` export (messages + tools per line).

    python sft_trl.py --data data/kopa.openai.jsonl --model Qwen/Qwen3-8B --output out/sft-qwen3-8b

Each dialogue is rendered with the model's own chat template and the line's tools, so the model
learns calls in the dialect it will be served with (Hermes <tool_call> for Qwen, what vLLM's
`hermes` tool parser reads). The rendering happens here rather than in `datasets`: the tools'
JSON schemas differ from line to line, and Arrow would merge them into one struct of nulls.
"""
from __future__ import annotations

import argparse

from datasets import Dataset
from transformers import AutoTokenizer
from trl import SFTConfig, SFTTrainer

from kopa_reward import read_jsonl


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--data", required=True, help="the openai export (JSONL)")
    p.add_argument("--model", required=True)
    p.add_argument("--output", required=True)
    p.add_argument("--epochs", type=float, default=2.0)
    p.add_argument("--learning-rate", type=float, default=1e-5)
    args = p.parse_args()

    tokenizer = AutoTokenizer.from_pretrained(args.model)
    lines = read_jsonl(args.data)
    dataset = Dataset.from_list([{"text": tokenizer.apply_chat_template(line["messages"], tools=line["tools"], tokenize=False)} for line in lines])
    config = SFTConfig(
        output_dir=args.output,
        dataset_text_field="text",
        num_train_epochs=args.epochs,
        learning_rate=args.learning_rate,
        per_device_train_batch_size=2,
        gradient_accumulation_steps=8,
        max_length=8192,
        bf16=True,
        gradient_checkpointing=True,
        logging_steps=10,
        save_strategy="epoch",
        report_to="none",
    )
    trainer = SFTTrainer(model=args.model, args=config, train_dataset=dataset, processing_class=tokenizer)
    trainer.train()
    trainer.save_model(args.output)
    tokenizer.save_pretrained(args.output)


if __name__ == "__main__":
    main()
