"""The labelled claims sets: each run's files, and how the checker's claims compare with the
labels (matched by overlapping spans of response.md).

`RUNS` (tests/data/claims/runs) was written by the checker's author; `HELDOUT`
(tests/data/claims/heldout/runs) by a second engineer who labelled it without reading the
checker and committed the labels before running it (issue 21); `BLIND`
(tests/data/claims/blind/runs) likewise, by two more, after the checker had been fixed on
the held-out set's misses; `BLIND2` (tests/data/claims/blind2/runs) likewise, by two more,
after it had been fixed on the blind set's; `BLIND3` (tests/data/claims/blind3/runs)
likewise, after it had been fixed on the second's; `BLIND4` (tests/data/claims/blind4/runs)
likewise, after it had been fixed on the third's; `BLIND5` (tests/data/claims/blind5/runs)
likewise, after it had been fixed on the fourth's; `BLIND6` (tests/data/claims/blind6/runs)
likewise, after it had been fixed on the fifth's and on paraphrases of common claims;
`BLIND7` (tests/data/claims/blind7/runs) likewise, after it had been fixed on the sixth's;
`BLIND8` (tests/data/claims/blind8/runs) likewise, after it had been fixed on the seventh's;
`BLIND9` (tests/data/claims/blind9/runs) likewise, after it had been fixed on the eighth's;
`BLIND10` (tests/data/claims/blind10/runs) likewise, after it had been fixed on the ninth's;
`BLIND11` (tests/data/claims/blind11/runs) likewise, after the ninth's and tenth's fixes;
`BLIND12` (tests/data/claims/blind12/runs) likewise, after the eleventh's;
`BLIND13` (tests/data/claims/blind13/runs) likewise, after the twelfth's fixes;
`BLIND14` (tests/data/claims/blind14/runs) likewise, after the thirteenth's;
`BLIND15` (tests/data/claims/blind15/runs) likewise, after the fourteenth's;
`BLIND16` (tests/data/claims/blind16/runs) likewise, after the fifteenth's;
`BLIND17` (tests/data/claims/blind17/runs) likewise, after the sixteenth's;
`BLIND18` (tests/data/claims/blind18/runs) likewise, after the seventeenth's;
`BLIND19` (tests/data/claims/blind19/runs) likewise, after the eighteenth's;
`BLIND20` (tests/data/claims/blind20/runs) likewise, after the nineteenth's;
`BLIND21` (tests/data/claims/blind21/runs) likewise, after the twentieth's;
`BLIND22` (tests/data/claims/blind22/runs) likewise, after the twenty-first's;
`BLIND23` (tests/data/claims/blind23/runs) likewise, after the twenty-second's;
`BLIND24` (tests/data/claims/blind24/runs) likewise, after the twenty-third's;
`BLIND25` (tests/data/claims/blind25/runs) likewise, after the twenty-fourth's;
`BLIND26` (tests/data/claims/blind26/runs) likewise, after the twenty-fifth's;
`BLIND27` (tests/data/claims/blind27/runs) likewise, after the twenty-sixth's;
`BLIND28` (tests/data/claims/blind28/runs) likewise, after the twenty-seventh's;
`BLIND29` (tests/data/claims/blind29/runs) likewise, after the twenty-eighth's;
`BLIND30` (tests/data/claims/blind30/runs) likewise, after the twenty-ninth's;
`BLIND31` (tests/data/claims/blind31/runs) likewise, after the thirtieth's;
`BLIND32` (tests/data/claims/blind32/runs) likewise, after the thirty-first's;
`BLIND33` (tests/data/claims/blind33/runs) likewise, after the thirty-second's;
`BLIND34` (tests/data/claims/blind34/runs) likewise, after the thirty-third's;
`BLIND35` and `BLIND36` (tests/data/claims/blind35/runs, blind36/runs) likewise, after
the thirty-fourth's, written at the same time;
`BLIND37` (tests/data/claims/blind37/runs) likewise, after the thirty-sixth's;
`BLIND38` (tests/data/claims/blind38/runs) likewise, after the thirty-seventh's;
`BLIND39` (tests/data/claims/blind39/runs) likewise, after the thirty-eighth's first fixes;
`BLIND40` (tests/data/claims/blind40/runs) likewise, after the thirty-ninth's;
`BLIND41` and `BLIND42` (tests/data/claims/blind41/runs, blind42/runs) likewise, after
the fortieth's, written at the same time;
`BLIND43` and `BLIND44` (tests/data/claims/blind43/runs, blind44/runs) likewise, after
the forty-second's first fixes, written at the same time;
`BLIND45` and `BLIND46` (tests/data/claims/blind45/runs, blind46/runs) likewise, after
the forty-fourth's, written at the same time;
`BLIND47` and `BLIND48` (tests/data/claims/blind47/runs, blind48/runs) likewise, after
the forty-sixth's first fixes, written at the same time;
`BLIND49` and `BLIND50` (tests/data/claims/blind49/runs, blind50/runs) likewise, after
the forty-eighth's first fixes, written at the same time;
`BLIND51` and `BLIND52` (tests/data/claims/blind51/runs, blind52/runs) likewise, after
the fiftieth's first fixes, written at the same time;
`BLIND53` and `BLIND54` (tests/data/claims/blind53/runs, blind54/runs) likewise, after
the fifty-second's first fixes, written at the same time.
`BLIND55` and `BLIND56` (tests/data/claims/blind55/runs, blind56/runs) likewise, after
the fifty-fourth's fixes, written at the same time.
`BLIND57` and `BLIND58` (tests/data/claims/blind57/runs, blind58/runs) likewise, after
the fifty-sixth's fixes, written at the same time.
`BLIND59` and `BLIND60` (tests/data/claims/blind59/runs, blind60/runs) likewise, after
the fifty-eighth's fixes, written at the same time.
`BLIND61` and `BLIND62` (tests/data/claims/blind61/runs, blind62/runs) likewise, after
the sixtieth's fixes, written at the same time.
`BLIND63` and `BLIND64` (tests/data/claims/blind63/runs, blind64/runs) likewise, after
the sixty-second's fixes, written at the same time.
`BLIND65` and `BLIND66` (tests/data/claims/blind65/runs, blind66/runs) likewise, after
the sixty-fourth's fixes, written at the same time, labelling every claim of a response
(each row of a table of values too), not about ten a run.
`BLIND67` and `BLIND68` (tests/data/claims/blind67/runs, blind68/runs) likewise, after
the sixty-sixth's fixes, written at the same time, every claim labelled.
`BLIND69` and `BLIND70` (tests/data/claims/blind69/runs, blind70/runs) likewise, after
the sixty-eighth's fixes, written at the same time, every claim labelled.
`BLIND71` and `BLIND72` (tests/data/claims/blind71/runs, blind72/runs) likewise, after
the seventieth's fixes, written at the same time, every claim labelled.
`BLIND73` and `BLIND74` (tests/data/claims/blind73/runs, blind74/runs) likewise, after
the seventy-second's fixes, written at the same time, every claim labelled.
`BLIND75` and `BLIND76` (tests/data/claims/blind75/runs, blind76/runs) likewise, after
the seventy-fourth's fixes, written at the same time, every claim labelled.
`BLIND77` and `BLIND78` (tests/data/claims/blind77/runs, blind78/runs) likewise, after
the seventy-sixth's fixes, written at the same time, every claim labelled.
`BLIND79` and `BLIND80` (tests/data/claims/blind79/runs, blind80/runs) likewise, after
the seventy-eighth's fixes, written at the same time, every claim labelled.
`BLIND81` and `BLIND82` (tests/data/claims/blind81/runs, blind82/runs) likewise, after
the eightieth's fixes, written at the same time, every claim labelled.
`BLIND83` and `BLIND84` (tests/data/claims/blind83/runs, blind84/runs) likewise, after
the eighty-second's fixes, written at the same time, every claim labelled.
`BLIND85` and `BLIND86` (tests/data/claims/blind85/runs, blind86/runs) likewise, after
the eighty-fourth's fixes, written at the same time, every claim labelled.
`BLIND87` and `BLIND88` (tests/data/claims/blind87/runs, blind88/runs) likewise, after
the eighty-sixth's fixes, written at the same time, every claim labelled.
`BLIND89` and `BLIND90` (tests/data/claims/blind89/runs, blind90/runs) likewise, after
the eighty-eighth's fixes, written at the same time, every claim labelled.
`BLIND91` and `BLIND92` (tests/data/claims/blind91/runs, blind92/runs) likewise, after
the ninetieth's fixes, written at the same time, every claim labelled.
`BLIND93` and `BLIND94` (tests/data/claims/blind93/runs, blind94/runs) likewise, after
the ninety-second's fixes, written at the same time, every claim labelled.
`BLIND95` and `BLIND96` (tests/data/claims/blind95/runs, blind96/runs) likewise, after
the ninety-fourth's fixes, written at the same time, every claim labelled.
`BLIND97` and `BLIND98` (tests/data/claims/blind97/runs, blind98/runs) likewise, after
the ninety-sixth's fixes, written at the same time, every claim labelled.
`BLIND99` and `BLIND100` (tests/data/claims/blind99/runs, blind100/runs) likewise, after
the ninety-eighth's fixes, written at the same time, every claim labelled.
`BLIND101` and `BLIND102` (tests/data/claims/blind101/runs, blind102/runs) likewise, after
the hundredth's fixes, written at the same time, every claim labelled.
`BLIND103` and `BLIND104` (tests/data/claims/blind103/runs, blind104/runs) likewise, after
the hundred-and-second's fixes, written at the same time, every claim labelled.
`BLIND105` to `BLIND108` (tests/data/claims/blind105/runs to blind108/runs) likewise, after
the hundred-and-fourth's fixes and the first rules of the session after it, all four
written at the same time, every claim labelled.
`BLIND109` to `BLIND112` (tests/data/claims/blind109/runs to blind112/runs) likewise, after
the hundred-and-eighth's fixes and the first rules of the session after it, all four
written at the same time, every claim labelled.
`SETS` is all a hundred and fourteen."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentv_grader.claims import Claim, check_claims
from agentv_grader.rundata.timing import read_timing
from agentv_grader.rundata.transcript import read_transcript

RUNS = Path(__file__).resolve().parent.parent / "data" / "claims" / "runs"
HELDOUT = RUNS.parent / "heldout" / "runs"
BLIND = RUNS.parent / "blind" / "runs"
BLIND2 = RUNS.parent / "blind2" / "runs"
BLIND3 = RUNS.parent / "blind3" / "runs"
BLIND4 = RUNS.parent / "blind4" / "runs"
BLIND5 = RUNS.parent / "blind5" / "runs"
BLIND6 = RUNS.parent / "blind6" / "runs"
BLIND7 = RUNS.parent / "blind7" / "runs"
BLIND8 = RUNS.parent / "blind8" / "runs"
BLIND9 = RUNS.parent / "blind9" / "runs"
BLIND10 = RUNS.parent / "blind10" / "runs"
BLIND11 = RUNS.parent / "blind11" / "runs"
BLIND12 = RUNS.parent / "blind12" / "runs"
BLIND13 = RUNS.parent / "blind13" / "runs"
BLIND14 = RUNS.parent / "blind14" / "runs"
BLIND15 = RUNS.parent / "blind15" / "runs"
BLIND16 = RUNS.parent / "blind16" / "runs"
BLIND17 = RUNS.parent / "blind17" / "runs"
BLIND18 = RUNS.parent / "blind18" / "runs"
BLIND19 = RUNS.parent / "blind19" / "runs"
BLIND20 = RUNS.parent / "blind20" / "runs"
BLIND21 = RUNS.parent / "blind21" / "runs"
BLIND22 = RUNS.parent / "blind22" / "runs"
BLIND23 = RUNS.parent / "blind23" / "runs"
BLIND24 = RUNS.parent / "blind24" / "runs"
BLIND25 = RUNS.parent / "blind25" / "runs"
BLIND26 = RUNS.parent / "blind26" / "runs"
BLIND27 = RUNS.parent / "blind27" / "runs"
BLIND28 = RUNS.parent / "blind28" / "runs"
BLIND29 = RUNS.parent / "blind29" / "runs"
BLIND30 = RUNS.parent / "blind30" / "runs"
BLIND31 = RUNS.parent / "blind31" / "runs"
BLIND32 = RUNS.parent / "blind32" / "runs"
BLIND33 = RUNS.parent / "blind33" / "runs"
BLIND34 = RUNS.parent / "blind34" / "runs"
BLIND35 = RUNS.parent / "blind35" / "runs"
BLIND36 = RUNS.parent / "blind36" / "runs"
BLIND37 = RUNS.parent / "blind37" / "runs"
BLIND38 = RUNS.parent / "blind38" / "runs"
BLIND39 = RUNS.parent / "blind39" / "runs"
BLIND40 = RUNS.parent / "blind40" / "runs"
BLIND41 = RUNS.parent / "blind41" / "runs"
BLIND42 = RUNS.parent / "blind42" / "runs"
BLIND43 = RUNS.parent / "blind43" / "runs"
BLIND44 = RUNS.parent / "blind44" / "runs"
BLIND45 = RUNS.parent / "blind45" / "runs"
BLIND46 = RUNS.parent / "blind46" / "runs"
BLIND47 = RUNS.parent / "blind47" / "runs"
BLIND48 = RUNS.parent / "blind48" / "runs"
BLIND49 = RUNS.parent / "blind49" / "runs"
BLIND50 = RUNS.parent / "blind50" / "runs"
BLIND51 = RUNS.parent / "blind51" / "runs"
BLIND52 = RUNS.parent / "blind52" / "runs"
BLIND53 = RUNS.parent / "blind53" / "runs"
BLIND54 = RUNS.parent / "blind54" / "runs"
BLIND55 = RUNS.parent / "blind55" / "runs"
BLIND56 = RUNS.parent / "blind56" / "runs"
BLIND57 = RUNS.parent / "blind57" / "runs"
BLIND58 = RUNS.parent / "blind58" / "runs"
BLIND59 = RUNS.parent / "blind59" / "runs"
BLIND60 = RUNS.parent / "blind60" / "runs"
BLIND61 = RUNS.parent / "blind61" / "runs"
BLIND62 = RUNS.parent / "blind62" / "runs"
BLIND63 = RUNS.parent / "blind63" / "runs"
BLIND64 = RUNS.parent / "blind64" / "runs"
BLIND65 = RUNS.parent / "blind65" / "runs"
BLIND66 = RUNS.parent / "blind66" / "runs"
BLIND67 = RUNS.parent / "blind67" / "runs"
BLIND68 = RUNS.parent / "blind68" / "runs"
BLIND69 = RUNS.parent / "blind69" / "runs"
BLIND70 = RUNS.parent / "blind70" / "runs"
BLIND71 = RUNS.parent / "blind71" / "runs"
BLIND72 = RUNS.parent / "blind72" / "runs"
BLIND73 = RUNS.parent / "blind73" / "runs"
BLIND74 = RUNS.parent / "blind74" / "runs"
BLIND75 = RUNS.parent / "blind75" / "runs"
BLIND76 = RUNS.parent / "blind76" / "runs"
BLIND77 = RUNS.parent / "blind77" / "runs"
BLIND78 = RUNS.parent / "blind78" / "runs"
BLIND79 = RUNS.parent / "blind79" / "runs"
BLIND80 = RUNS.parent / "blind80" / "runs"
BLIND81 = RUNS.parent / "blind81" / "runs"
BLIND82 = RUNS.parent / "blind82" / "runs"
BLIND83 = RUNS.parent / "blind83" / "runs"
BLIND84 = RUNS.parent / "blind84" / "runs"
BLIND85 = RUNS.parent / "blind85" / "runs"
BLIND86 = RUNS.parent / "blind86" / "runs"
BLIND87 = RUNS.parent / "blind87" / "runs"
BLIND88 = RUNS.parent / "blind88" / "runs"
BLIND89 = RUNS.parent / "blind89" / "runs"
BLIND90 = RUNS.parent / "blind90" / "runs"
BLIND91 = RUNS.parent / "blind91" / "runs"
BLIND92 = RUNS.parent / "blind92" / "runs"
BLIND93 = RUNS.parent / "blind93" / "runs"
BLIND94 = RUNS.parent / "blind94" / "runs"
BLIND95 = RUNS.parent / "blind95" / "runs"
BLIND96 = RUNS.parent / "blind96" / "runs"
BLIND97 = RUNS.parent / "blind97" / "runs"
BLIND98 = RUNS.parent / "blind98" / "runs"
BLIND99 = RUNS.parent / "blind99" / "runs"
BLIND100 = RUNS.parent / "blind100" / "runs"
BLIND101 = RUNS.parent / "blind101" / "runs"
BLIND102 = RUNS.parent / "blind102" / "runs"
BLIND103 = RUNS.parent / "blind103" / "runs"
BLIND104 = RUNS.parent / "blind104" / "runs"
BLIND105 = RUNS.parent / "blind105" / "runs"
BLIND106 = RUNS.parent / "blind106" / "runs"
BLIND107 = RUNS.parent / "blind107" / "runs"
BLIND108 = RUNS.parent / "blind108" / "runs"
BLIND109 = RUNS.parent / "blind109" / "runs"
BLIND110 = RUNS.parent / "blind110" / "runs"
BLIND111 = RUNS.parent / "blind111" / "runs"
BLIND112 = RUNS.parent / "blind112" / "runs"
SETS = (
    RUNS, HELDOUT, BLIND, BLIND2, BLIND3, BLIND4, BLIND5, BLIND6, BLIND7, BLIND8, BLIND9, BLIND10,
    BLIND11, BLIND12, BLIND13, BLIND14, BLIND15, BLIND16, BLIND17, BLIND18, BLIND19, BLIND20,
    BLIND21, BLIND22, BLIND23, BLIND24, BLIND25, BLIND26, BLIND27, BLIND28, BLIND29, BLIND30,
    BLIND31, BLIND32, BLIND33, BLIND34, BLIND35, BLIND36, BLIND37, BLIND38, BLIND39,
    BLIND40, BLIND41, BLIND42, BLIND43, BLIND44, BLIND45, BLIND46, BLIND47, BLIND48,
    BLIND49, BLIND50, BLIND51, BLIND52, BLIND53, BLIND54, BLIND55, BLIND56, BLIND57,
    BLIND58, BLIND59, BLIND60, BLIND61, BLIND62, BLIND63, BLIND64, BLIND65, BLIND66,
    BLIND67, BLIND68, BLIND69, BLIND70, BLIND71, BLIND72, BLIND73, BLIND74, BLIND75,
    BLIND76, BLIND77, BLIND78, BLIND79, BLIND80, BLIND81, BLIND82, BLIND83, BLIND84,
    BLIND85, BLIND86, BLIND87, BLIND88, BLIND89, BLIND90, BLIND91, BLIND92, BLIND93, BLIND94,
    BLIND95, BLIND96,
    BLIND97, BLIND98,
    BLIND99, BLIND100,
    BLIND101, BLIND102,
    BLIND103, BLIND104,
    BLIND105, BLIND106,
    BLIND107, BLIND108,
    BLIND109, BLIND110,
    BLIND111, BLIND112,
)  # fmt: skip


@dataclass(frozen=True)
class Label:
    run: str
    text: str
    kind: str
    status: str
    start: int
    end: int


@dataclass(frozen=True)
class Run:
    id: str
    response: str
    labels: tuple[Label, ...]
    claims: tuple[Claim, ...]


def load_run(directory: Path) -> Run:
    meta: dict[str, Any] = json.loads((directory / "labels.json").read_text(encoding="utf-8"))
    response = (directory / "response.md").read_text(encoding="utf-8")
    task = (directory / "task.md").read_text(encoding="utf-8")
    transcript, problem, _ = read_transcript(str(directory / meta["transcript"]), task)
    assert transcript is not None, problem
    timing_path = directory / "timing.json"
    timing = None
    if timing_path.exists():
        timing, _, _ = read_timing(str(timing_path), None)
    labels = []
    for label in meta["claims"]:
        start = response.index(label["text"])
        labels.append(Label(meta["run"], label["text"], label["kind"], label["status"], start,
                            start + len(label["text"])))  # fmt: skip
    claims = check_claims(response, transcript, task, timing)
    return Run(meta["run"], response, tuple(labels), claims)


def load_all(root: Path = RUNS) -> list[Run]:
    return [load_run(d) for d in sorted(root.iterdir()) if d.is_dir()]


def overlapping(claim: Claim, labels: tuple[Label, ...]) -> list[Label]:
    return [lab for lab in labels if lab.start < claim.end and claim.start < lab.end]


@dataclass(frozen=True)
class Metrics:
    contradicted_precision: float
    contradicted_recall: float
    verified_precision: float
    extracted: float
    wrong: tuple[str, ...]
    missed: tuple[str, ...]


def metrics(runs: list[Run]) -> Metrics:
    """Precision counts every claim the checker calls contradicted (or verified), labelled
    or not: a verdict on a sentence no label covers is a wrong verdict."""
    said = {"contradicted": [0, 0], "verified": [0, 0]}
    wrong: list[str] = []
    for run in runs:
        for claim in run.claims:
            if claim.status not in said:
                continue
            said[claim.status][1] += 1
            if any(lab.status == claim.status for lab in overlapping(claim, run.labels)):
                said[claim.status][0] += 1
            else:
                wrong.append(f"{run.id}: {claim.status} {claim.text!r} ({claim.evidence})")
    found = contradicted = checkable = extracted = 0
    missed: list[str] = []
    for run in runs:
        for label in run.labels:
            covering = [c for c in run.claims if label.start < c.end and c.start < label.end]
            if label.status != "unverifiable":
                checkable += 1
                extracted += bool(covering)
            if label.status == "contradicted":
                contradicted += 1
                if any(c.status == "contradicted" for c in covering):
                    found += 1
                else:
                    states = [c.status for c in covering] or ["not extracted"]
                    missed.append(f"{run.id}: {label.text!r} → {states}")
    ratio = lambda a, b: a / b if b else 1.0  # noqa: E731
    return Metrics(
        ratio(*said["contradicted"]),
        ratio(found, contradicted),
        ratio(*said["verified"]),
        ratio(extracted, checkable),
        tuple(wrong),
        tuple(missed),
    )
