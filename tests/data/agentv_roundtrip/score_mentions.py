"""A code grader for the round trip: reads the grading context AgentV (or agentv-grade)
sends on stdin and scores how many of the words given as arguments it holds, with one
entry per word (the texts AgentV reports)."""

import json
import sys

context = sys.stdin.read()
words = sys.argv[1:]
found = [w for w in words if w in context]
entries = [{"text": f"mentions {w}", "passed": w in found} for w in words]
print(json.dumps({"score": len(found) / len(words), "assertions": entries}))
