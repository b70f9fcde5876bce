"""``wp42 worker llm``: the reference LLM worker, a small tool-using loop over an OpenAI-compatible chat-completions
API (issue 19 item 2). :mod:`.loop` talks to the model; :mod:`.tools` is what the model may do in its workspace."""
