"""A fake OpenAI-compatible chat-completions server on loopback that replays scripted tool calls (issue 19 tests).

Each POST to ``/v1/chat/completions`` gets the script's next turn: a list of ``(tool, arguments)`` calls, or a
string (the model's final answer, no tool call). The server checks the bearer key, keeps every request it saw
(path, the key it carried, the parsed body) and reports usage like OpenAI does, plus OpenRouter's ``cost``.
"""

from __future__ import annotations

import json
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

Turn = list[tuple[str, dict[str, Any]]] | str


@dataclass
class FakeOpenAI:
    """Serve ``script`` on ``127.0.0.1:<free port>``; ``api_key`` is the only key accepted; ``reply`` may replace the
    JSON answer (a malformed endpoint). Use as a context manager; ``url`` is the API base (``.../v1``)."""

    script: list[Turn]
    api_key: str = "sk-test-fake"
    reply: bytes | None = None
    cost_per_request: float = 0.001
    seen: list[dict[str, Any]] = field(default_factory=list)

    def __enter__(self) -> FakeOpenAI:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: Any) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802 - http.server's naming
                body = json.loads(self.rfile.read(int(self.headers.get("Content-Length") or 0)) or b"{}")
                key = self.headers.get("Authorization", "").removeprefix("Bearer ")
                fake.seen.append({"path": self.path, "key": key, "body": body})
                if key != fake.api_key:
                    return self._send(401, {"error": {"message": "Incorrect API key provided", "type":
                                                      "invalid_request_error", "code": "invalid_api_key"}})
                if self.path != "/v1/chat/completions":
                    return self._send(404, {"error": {"message": f"no route {self.path}"}})
                if fake.reply is not None:
                    return self._send(200, fake.reply)
                turn = fake.script.pop(0) if fake.script else "done"
                return self._send(200, fake.completion(turn, len(fake.seen)))

            def _send(self, status: int, payload: Any) -> None:
                data = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()
        return self

    def __exit__(self, *exc: Any) -> None:
        self.server.shutdown()
        self.server.server_close()

    @property
    def port(self) -> int:
        return self.server.server_address[1]

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}/v1"

    def completion(self, turn: Turn, number: int) -> dict[str, Any]:
        """A chat.completion object for one scripted turn."""
        if isinstance(turn, str):
            message: dict[str, Any] = {"role": "assistant", "content": turn}
        else:
            message = {"role": "assistant", "content": None, "tool_calls": [
                {"id": f"call_{number}_{i}", "type": "function",
                 "function": {"name": name, "arguments": json.dumps(arguments)}}
                for i, (name, arguments) in enumerate(turn)]}
        return {"id": f"chatcmpl-{number}", "object": "chat.completion", "created": 1764547200, "model": "fake-1",
                "choices": [{"index": 0, "message": message,
                             "finish_reason": "stop" if isinstance(turn, str) else "tool_calls"}],
                "usage": {"prompt_tokens": 100 * number, "completion_tokens": 10, "total_tokens": 100 * number + 10,
                          "cost": self.cost_per_request}}
