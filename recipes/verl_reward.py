"""The kopa-edge reward for verl: turn-level rows as verl parquet, and the reward functions.

1. Rows (one per assistant turn, see kopa_reward.py):

    python verl_reward.py prepare --grpo data/kopa.grpo.jsonl --openai data/kopa.openai.jsonl --out data/verl

   writes data/verl/train.parquet and data/verl/val.parquet with `prompt` (the chat messages in
   the Hermes convention: tools listed in the system message, see kopa_reward.hermes_messages),
   `data_source`
   ("kopa_edge"), `reward_model.ground_truth` (the example id) and `extra_info` (the prefix).

2. Reward, in the trainer's config:

    custom_reward_function.path=recipes/verl_reward.py
    custom_reward_function.name=compute_score_batch   reward_model.reward_manager=batch
    (or custom_reward_function.name=compute_score with the default reward manager: one request
    per completion, no group deduplication)

`solution_str` is the decoded assistant turn; the service reads the calls in it.
"""
from __future__ import annotations

import argparse
import json
import os
import random
import sys
from typing import Any, Iterable

# verl loads this file by its path (importlib, as module "custom_module") without putting its
# directory on sys.path, so kopa_reward beside it is found only through this line.
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from kopa_reward import RewardClient, Row, hermes_messages, turn_rows  # noqa: E402

DATA_SOURCE = "kopa_edge"
_client: RewardClient | None = None


def _reward_client() -> RewardClient:
    # Built on first use inside the reward worker, where KOPA_URL and KOPA_TOKEN are set.
    global _client
    if _client is None:
        _client = RewardClient(options=json.loads(os.environ.get("KOPA_REWARD_OPTIONS", "{}")))
    return _client


def _prefix(extra_info: dict[str, Any] | None) -> list[dict[str, Any]]:
    return json.loads((extra_info or {}).get("prefix", "[]"))


def compute_score(data_source: str, solution_str: str, ground_truth: str, extra_info: dict[str, Any] | None = None, **kwargs: Any) -> float:
    """verl's per-sample reward (the default reward manager calls it with these keywords, plus any
    `custom_reward_function.reward_kwargs`): one completion, one request."""
    return _reward_client().rewards([(ground_truth, _prefix(extra_info), solution_str)])[0]


def compute_score_batch(data_sources: Iterable[str], solution_strs: Iterable[str], ground_truths: Iterable[str], extra_infos: Iterable[dict[str, Any] | None], **kwargs: Any) -> list[float]:
    """verl's batch reward manager (the whole step's samples, as arrays): the samples of one prompt
    (a GRPO group) share one request."""
    return _reward_client().rewards((g, _prefix(e), s) for g, s, e in zip(ground_truths, solution_strs, extra_infos, strict=True))


def verl_records(rows: Iterable[Row]) -> list[dict[str, Any]]:
    """verl's RL dataset rows: the fields its reward managers hand to the functions above
    (`data_source`, `reward_model.ground_truth`, `extra_info`) and the chat `prompt` it templates."""
    return [
        {
            "data_source": DATA_SOURCE,
            "prompt": hermes_messages(r.prompt, r.tools),
            "ability": "tool_use",
            "reward_model": {"style": "rule", "ground_truth": r.example_id},
            "extra_info": {"prefix": json.dumps(r.prefix, ensure_ascii=False), "turn": r.turn, "turns": r.turns},
        }
        for r in rows
    ]


def prepare(args: argparse.Namespace) -> None:
    import pandas as pd

    records = verl_records(turn_rows(args.grpo, args.openai, last_turn_only=args.last_turn_only))
    random.Random(0).shuffle(records)
    split = max(1, len(records) // 50)
    os.makedirs(args.out, exist_ok=True)
    pd.DataFrame(records[split:]).to_parquet(os.path.join(args.out, "train.parquet"))
    pd.DataFrame(records[:split]).to_parquet(os.path.join(args.out, "val.parquet"))
    print(f"{len(records) - split} train rows, {split} val rows in {args.out}")


if __name__ == "__main__":
    p = argparse.ArgumentParser()
    sub = p.add_subparsers(dest="command", required=True)
    prep = sub.add_parser("prepare")
    prep.add_argument("--grpo", required=True)
    prep.add_argument("--openai", required=True)
    prep.add_argument("--out", required=True)
    prep.add_argument("--last-turn-only", action="store_true")
    prepare(p.parse_args())
