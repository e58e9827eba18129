"""The recipes' reward functions called the way the trainers call them, on a real export; what they
return is printed as JSON for recipes.test.ts. Needs what a GPU box's reward workers need: Python
and `requests`, KOPA_URL and KOPA_TOKEN.

    python3 trainer_calls.py trl  <case.json>    # recipes/kopa_reward.py as TRL's GRPOTrainer calls it
    python3 trainer_calls.py verl <case.json>    # recipes/verl_reward.py as verl loads and calls it

case.json: {"recipes": <the recipes directory>, "grpo": <grpo export>, "openai": <openai export>,
"example_id": <an example of both>, "answers": [<text>, ...]}. The answers are one GRPO group: the
completions of the example's answering turn (its last turn, whose prompt holds the reference calls
and their results).
"""
from __future__ import annotations

import importlib.util
import json
import sys
from types import ModuleType
from typing import Any, Callable


def only(items: list[Any], what: str) -> Any:
    if len(items) != 1:
        raise SystemExit(f"expected one {what}, found {len(items)}")
    return items[0]


def described(values: Any) -> dict[str, Any]:
    """The values and their Python types: JSON alone would not tell a float from an int."""
    return {"type": type(values).__name__, "values": values, "types": [type(v).__name__ for v in values] if isinstance(values, list) else []}


class TrainerState:
    """What TRL passes as `trainer_state` (transformers.TrainerState): reward functions may read the step."""

    global_step = 0
    epoch = 0.0


def chatml(messages: list[dict[str, Any]]) -> str:
    """A stand-in for the policy's chat template (Qwen's ChatML), to make a text prompt without a tokenizer."""
    return "".join(f"<|im_start|>{m['role']}\n{m['content']}<|im_end|>\n" for m in messages) + "<|im_start|>assistant\n"


def call_like_grpo_trainer(reward_func: Callable[..., Any], example: dict[str, Any], completions: list[Any], texts: list[str]) -> dict[str, Any]:
    """GRPOTrainer (TRL 0.23) scoring one group: its sampler repeats the dataset row once per
    generation, and every column but the prompt and completion goes in as a keyword list aligned
    with `completions`, beside `trainer_state`."""
    inputs = [dict(example) for _ in completions]
    prompts = [x["prompt"] for x in inputs]
    keys = [key for key in inputs[0] if key not in ("prompt", "completion", "completion_ids")]
    reward_kwargs: dict[str, Any] = {key: [x[key] for x in inputs] for key in keys}
    reward_kwargs["trainer_state"] = TrainerState()
    # Token ids stand in for the tokenizer's; the reward function does not read them.
    completion_ids = [[ord(ch) for ch in text] for text in texts]
    return described(reward_func(prompts=prompts, completions=completions, completion_ids=completion_ids, **reward_kwargs))


def trl(case: dict[str, Any]) -> dict[str, Any]:
    # `accelerate launch recipes/grpo_trl.py` has the script's directory first on sys.path.
    sys.path.insert(0, case["recipes"])
    import kopa_reward

    rows = [r for r in kopa_reward.turn_rows(case["grpo"], case["openai"], last_turn_only=True) if r.example_id == case["example_id"]]
    row = only(rows, f"answering row of {case['example_id']}")
    reward = kopa_reward.trl_reward_function(kopa_reward.RewardClient(options={"mode": "weighted", "firstCallBonus": 0.05}))
    answers: list[str] = case["answers"]
    conversational = only(kopa_reward.trl_dataset_rows([row], lambda r: r.prompt), "dataset row")
    standard = only(kopa_reward.trl_dataset_rows([row], lambda r: chatml(kopa_reward.hermes_messages(r.prompt, r.tools))), "dataset row")
    return {
        # A conversational dataset: each completion is [{"role": "assistant", "content": text}].
        "conversational": call_like_grpo_trainer(reward, conversational, [[{"role": "assistant", "content": a}] for a in answers], answers),
        # grpo_trl.py's dataset (text prompts): each completion is the decoded text.
        "standard": call_like_grpo_trainer(reward, standard, answers, answers),
    }


def load_like_verl(path: str) -> ModuleType:
    """verl's get_custom_reward_fn: the file by its path as module "custom_module", nothing added to sys.path."""
    spec = importlib.util.spec_from_file_location("custom_module", path)
    if spec is None or spec.loader is None:
        raise SystemExit(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["custom_module"] = module
    spec.loader.exec_module(module)
    return module


def verl(case: dict[str, Any]) -> dict[str, Any]:
    module = load_like_verl(f"{case['recipes']}/verl_reward.py")
    records = [
        r
        for r in module.verl_records(module.turn_rows(case["grpo"], case["openai"]))
        if r["reward_model"]["ground_truth"] == case["example_id"] and r["extra_info"]["turn"] == r["extra_info"]["turns"]
    ]
    record = only(records, f"answering row of {case['example_id']}")
    answers: list[str] = case["answers"]
    fields = {"data_source": record["data_source"], "ground_truth": record["reward_model"]["ground_truth"], "extra_info": record["extra_info"]}
    return {
        # The default reward manager: one call per sample, by keyword.
        "compute_score": described([module.compute_score(solution_str=a, **fields) for a in answers]),
        # The batch reward manager: one call for the step's samples, by keyword.
        "compute_score_batch": described(
            module.compute_score_batch(
                data_sources=[fields["data_source"]] * len(answers),
                solution_strs=answers,
                ground_truths=[fields["ground_truth"]] * len(answers),
                extra_infos=[fields["extra_info"]] * len(answers),
            )
        ),
    }


if __name__ == "__main__":
    trainers = {"trl": trl, "verl": verl}
    if len(sys.argv) != 3 or sys.argv[1] not in trainers:
        raise SystemExit(f"usage: {sys.argv[0]} trl|verl <case.json>")
    with open(sys.argv[2], encoding="utf-8") as f:
        print(json.dumps(trainers[sys.argv[1]](json.load(f)), ensure_ascii=False))
