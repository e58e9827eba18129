"""GRPO with TRL on the kopa-edge `grpo` export, rewarded by `POST /v1/reward:batch`.

    python grpo_trl.py --grpo data/kopa.grpo.jsonl --openai data/kopa.openai.jsonl \
        --model out/sft-qwen3-8b --output out/grpo-qwen3-8b

Prompts are rendered with the policy's own chat template and the line's tools (as vLLM will serve
them), so the policy writes calls in its template's dialect (Hermes <tool_call> for Qwen) and the
service parses them. See kopa_reward.py for why rows are turn-level.
"""
from __future__ import annotations

import argparse

from datasets import Dataset
from transformers import AutoTokenizer
from trl import GRPOConfig, GRPOTrainer

from kopa_reward import RewardClient, trl_dataset_rows, trl_reward_function, turn_rows


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("--grpo", required=True, help="the grpo export (JSONL)")
    p.add_argument("--openai", required=True, help="the openai export of the same job (JSONL)")
    p.add_argument("--model", required=True, help="the policy: an SFT checkpoint or a hub id")
    p.add_argument("--output", required=True)
    p.add_argument("--mode", choices=["weighted", "binary"], default="weighted")
    p.add_argument("--first-call-bonus", type=float, default=0.05)
    p.add_argument("--last-turn-only", action="store_true", help="only rows whose turn is the final answer")
    p.add_argument("--num-generations", type=int, default=16)
    p.add_argument("--learning-rate", type=float, default=1e-6)
    p.add_argument("--epochs", type=float, default=1.0)
    args = p.parse_args()

    tokenizer = AutoTokenizer.from_pretrained(args.model)
    rows = turn_rows(args.grpo, args.openai, last_turn_only=args.last_turn_only)
    # Text prompts (TRL's standard format): TRL 0.23 templates a conversational prompt without tools,
    # and each row offers its own.
    dataset = Dataset.from_list(trl_dataset_rows(rows, lambda r: tokenizer.apply_chat_template(r.prompt, tools=r.tools, tokenize=False, add_generation_prompt=True)))
    kopa_reward = trl_reward_function(RewardClient(options={"mode": args.mode, "firstCallBonus": args.first_call_bonus}))

    config = GRPOConfig(
        output_dir=args.output,
        num_generations=args.num_generations,
        per_device_train_batch_size=args.num_generations,
        gradient_accumulation_steps=4,
        learning_rate=args.learning_rate,
        num_train_epochs=args.epochs,
        max_prompt_length=6144,
        max_completion_length=1024,
        temperature=1.0,
        beta=0.0,
        bf16=True,
        gradient_checkpointing=True,
        use_vllm=True,
        vllm_mode="colocate",
        logging_steps=5,
        save_steps=200,
        report_to="none",
    )
    trainer = GRPOTrainer(model=args.model, reward_funcs=kopa_reward, args=config, train_dataset=dataset, processing_class=tokenizer)
    trainer.train()
    trainer.save_model(args.output)


if __name__ == "__main__":
    main()
