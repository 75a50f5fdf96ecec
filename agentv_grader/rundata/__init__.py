"""Reading what a run left behind: the response, timing data, the transcript, notes."""
