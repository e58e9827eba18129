"""The kopa-edge reward service from Python: turn-level GRPO rows out of the `grpo` and `openai`
exports, and a client of `POST /v1/reward:batch` that scores one group per request.

Why turn-level rows: GRPO trainers generate one assistant turn per prompt. A row's prompt is the
example's dialogue up to assistant turn k (the calls of earlier turns and their tool results, as
exported); the policy writes turn k. The reward service scores the whole dialogue (the fixed
prefix plus the new turn), executing the new turn's calls through the gateway against the
prompt's snapshot, so within a group only the new turn makes the rewards differ.

Environment: KOPA_URL (the Worker, e.g. https://kopa.example.workers.dev), KOPA_TOKEN (a team
token), optionally KOPA_REWARD_SNAPSHOT (run every call against this snapshot instead of the
prompt's own). The training scripts import this module; it needs only `requests`.
"""
from __future__ import annotations

import json
import os
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Callable, Iterable

import requests

Message = dict[str, Any]

# The service scores at most this many completions per `POST /v1/reward:batch` (REWARD_BATCH_MAX).
BATCH_MAX = 64


@dataclass(frozen=True)
class Row:
    example_id: str
    # The messages the policy sees: system, user, then earlier assistant turns and tool results.
    prompt: list[Message]
    # The part of `prompt` after the user message, resent with each completion.
    prefix: list[Message]
    tools: list[dict[str, Any]]
    turn: int
    turns: int


def read_jsonl(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def turn_rows(grpo_path: str, openai_path: str, last_turn_only: bool = False) -> list[Row]:
    """One row per assistant turn of every example present in both exports (joined by example id)."""
    grpo = {line["metadata"]["example_id"]: line for line in read_jsonl(grpo_path)}
    rows: list[Row] = []
    for line in read_jsonl(openai_path):
        example_id = line["metadata"]["example_id"]
        if example_id not in grpo:
            continue
        messages: list[Message] = line["messages"]
        assistant_at = [i for i, m in enumerate(messages) if m["role"] == "assistant"]
        chosen = assistant_at[-1:] if last_turn_only else assistant_at
        for k, at in enumerate(chosen):
            rows.append(
                Row(
                    example_id=example_id,
                    prompt=messages[:at],
                    prefix=[m for m in messages[:at] if m["role"] in ("assistant", "tool")],
                    tools=grpo[example_id]["tools"],
                    turn=assistant_at.index(at) + 1,
                    turns=len(assistant_at),
                )
            )
    return rows


class RewardClient:
    """Scores groups with `POST /v1/reward:batch`. Options follow the service: `mode` (weighted or
    binary), `weights`, `firstCallBonus`, `invalidCallPenalty`, `invalidPenaltyCap`, `execute`."""

    def __init__(self, url: str | None = None, token: str | None = None, options: dict[str, Any] | None = None, snapshot: str | None = None, timeout: float = 120.0):
        self.url = (url or os.environ["KOPA_URL"]).rstrip("/")
        self.snapshot = snapshot or os.environ.get("KOPA_REWARD_SNAPSHOT")
        self.session = requests.Session()
        self.session.headers["Authorization"] = f"Bearer {token or os.environ['KOPA_TOKEN']}"
        self.options = options or {}
        self.timeout = timeout

    def batch(self, example_id: str, completions: list[Any]) -> dict[str, Any]:
        body: dict[str, Any] = {"example_id": example_id, "completions": completions, "options": self.options}
        if self.snapshot:
            body["snapshot"] = self.snapshot
        res = self.session.post(f"{self.url}/v1/reward:batch", json=body, timeout=self.timeout)
        if res.status_code != 200:
            # The body is {error: {code, message, field}}: say which field was wrong.
            raise RuntimeError(f"reward service: HTTP {res.status_code} {res.text[:500]}")
        answer = res.json()
        # A reward that is silently missing or misaligned would train on noise: stop instead.
        if not _is_rewards_of(answer, len(completions)):
            raise RuntimeError(f"reward service: expected {{rewards: [{len(completions)} numbers], …}}, got {res.text[:500]}")
        return answer

    def rewards(self, items: Iterable[tuple[str, list[Message], Any]]) -> list[float]:
        """Rewards of (example_id, prefix, completion) items, in order. Items of the same example and
        prefix form one group and cost one request (one gold run, each distinct call once)."""
        items = list(items)
        groups: OrderedDict[str, list[int]] = OrderedDict()
        for i, (example_id, prefix, _) in enumerate(items):
            groups.setdefault(json.dumps([example_id, prefix], ensure_ascii=False, sort_keys=True), []).append(i)
        out = [0.0] * len(items)
        for indices in groups.values():
            example_id, prefix, _ = items[indices[0]]
            for chunk in _chunks(indices, BATCH_MAX):
                completions = [prefix + as_messages(items[i][2]) for i in chunk]
                answer = self.batch(example_id, completions)
                for i, reward in zip(chunk, answer["rewards"]):
                    out[i] = float(reward)
        return out


def _is_rewards_of(answer: Any, n: int) -> bool:
    rewards = answer.get("rewards") if isinstance(answer, dict) else None
    return isinstance(rewards, list) and len(rewards) == n and all(isinstance(r, (int, float)) and not isinstance(r, bool) for r in rewards)


def _chunks(indices: list[int], size: int) -> list[list[int]]:
    return [indices[at : at + size] for at in range(0, len(indices), size)]


RewardFunction = Callable[..., list[float]]


def trl_dataset_rows(rows: Iterable[Row], render_prompt: Callable[[Row], Any]) -> list[dict[str, Any]]:
    """The GRPO dataset for TRL: `prompt` as `render_prompt` makes it (grpo_trl.py renders the text with
    the policy's chat template and the row's tools), and the two columns the reward function reads.
    `prefix` is JSON text: Arrow would merge the prefixes' differing tool-call shapes into one struct
    of nulls."""
    return [{"prompt": render_prompt(r), "example_id": r.example_id, "prefix": json.dumps(r.prefix, ensure_ascii=False)} for r in rows]


def trl_reward_function(client: RewardClient) -> RewardFunction:
    """The reward function for TRL's GRPOTrainer. TRL calls it with keywords only: `prompts`,
    `completions` (text, or for a conversational dataset a list of messages per completion),
    `completion_ids`, `trainer_state`, and every other dataset column as a list aligned with
    `completions` (here `example_id` and `prefix`, see trl_dataset_rows). One float per completion."""

    def kopa_reward(prompts: list[Any], completions: list[Any], example_id: list[str], prefix: list[str], **kwargs: Any) -> list[float]:
        return client.rewards((e, json.loads(pre), c) for e, pre, c in zip(example_id, prefix, completions, strict=True))

    return kopa_reward


def hermes_messages(prompt: list[Message], tools: list[dict[str, Any]]) -> list[Message]:
    """The prompt as plain role/content messages in the Hermes convention (what Qwen's template
    renders): the tools listed in the system message, calls as <tool_call> blocks in the assistant
    text, tool results as user turns in <tool_response>. For trainers that template messages
    without tools (verl); the service parses these blocks like native calls."""
    signatures = "\n".join(json.dumps(t, ensure_ascii=False) for t in tools)
    block = (
        "\n\n# Tools\n\nYou may call one or more functions to answer the request. The functions, one per line:\n"
        f"<tools>\n{signatures}\n</tools>\n\n"
        'Call a function by writing <tool_call>\n{"name": "<function>", "arguments": {<JSON object>}}\n</tool_call>, one block per call.'
    )
    out: list[Message] = []
    for m in prompt:
        if m["role"] == "system":
            out.append({"role": "system", "content": (m.get("content") or "") + block})
        elif m["role"] == "assistant" and m.get("tool_calls"):
            calls = [
                "<tool_call>\n" + json.dumps({"name": c["function"]["name"], "arguments": json.loads(c["function"]["arguments"] or "{}")}, ensure_ascii=False) + "\n</tool_call>"
                for c in m["tool_calls"]
            ]
            out.append({"role": "assistant", "content": "\n".join(calls)})
        elif m["role"] == "tool":
            out.append({"role": "user", "content": f"<tool_response>\n{m.get('content') or ''}\n</tool_response>"})
        else:
            out.append({"role": m["role"], "content": m.get("content") or ""})
    return out


def as_messages(completion: Any) -> list[Message]:
    """A trainer's completion as the messages the service reads after the prefix. Text (TRL's standard
    format, verl's decoded response) is one assistant turn with its calls written in it. A list of
    messages (TRL's conversational format: one assistant message, or with tool use the assistant's
    `tool_calls` and the `tool` results) goes as it is: keeping only the last message's text would
    lose native calls and their results."""
    if isinstance(completion, str):
        return [{"role": "assistant", "content": completion}]
    if isinstance(completion, list) and all(isinstance(m, dict) for m in completion):
        messages = [m for m in completion if m.get("role") in ("assistant", "tool")]
        if messages:
            return messages
    raise TypeError(f"unexpected completion {type(completion).__name__}: text or a list of assistant/tool messages")
