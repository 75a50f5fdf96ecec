"""Value rules added after the third blind evaluation (tests/data/claims/blind3): a figure
found where it means something else, one behaviour each; each test is a small run shaped
like a blind wrong verdict, never its text (SPEC §5.9)."""

from __future__ import annotations

from tests.claims.test_claims import bash, run, statuses

FIT = bash(
    "python fit.py --rounds 4",
    "round 1 done | score 0.61\nkept best model (round 1, score 0.61)\n"
    "round 2 done | score 0.74\nkept best model (round 2, score 0.74)\n"
    "round 4 done | score 0.70",
)
SUMMARY = bash("jq . out/summary.json", '{\n  "rounds": 4,\n  "best_round": 2\n}')


def test_a_superlative_label_ranks_the_figures_of_all_it_heads() -> None:
    said = "Best model: `out/best.bin`, kept at round 4."
    assert statuses(said, run(FIT, SUMMARY)) == ["unverifiable"]
    shown = bash("python fit.py --rounds 4", "round 4 done | best score so far, kept best model")
    assert statuses(said, run(shown)) == ["verified"]


def test_a_field_first_in_an_output_is_no_listing_s_top_row() -> None:
    assert statuses("The best round was round 4.", run(SUMMARY)) == ["unverifiable"]
    listing = bash("sort -k2 -rn scores.txt", "round 2  0.74\nround 4  0.70\nround 1  0.61")
    assert statuses("The best round was round 2.", run(listing)) == ["verified"]


TIMED = bash(
    "hyperfine ./old ./new",
    "Benchmark 1: ./old\n  Time (mean ± σ):  3.905 s ±  0.020 s\n"
    "  Range (min … max):  1.251 s …  1.362 s    10 runs\n"
    "Summary\n  ./new ran\n    1.60 ± 0.02 times faster than ./old",
)


def test_a_multiple_is_found_only_where_an_output_s_figure_is_one() -> None:
    assert statuses("So the new build is 1.3× faster.", run(TIMED)) == ["unverifiable"]
    assert statuses("So the new build is 1.6× faster.", run(TIMED)) == ["verified"]
    assert statuses("So the new build is 1.6 times faster.", run(TIMED)) == ["verified"]


LOADED = bash(
    "loader run",
    "1 of 30 START load customers\n12 of 30 OK load orders\nDone. OK=27 FAIL=3 TOTAL=30",
)


def test_a_figure_given_as_a_field_is_not_found_where_the_outputs_give_that_field_another() -> None:
    assert statuses("Loaded everything: OK=30.", run(LOADED)) == ["unverifiable"]
    assert statuses("The loader ended with OK=27.", run(LOADED)) == ["verified"]


LISTED = bash("ls reports", "q3_draft.xlsx\nq4_final.xlsx")


def test_a_suggestion_or_a_prediction_is_not_stated_as_fact() -> None:
    said = "A cached lookup for `q4_final.xlsx` could halve the load time."
    assert statuses(said, run(LISTED)) == ["unverifiable"]
    assert statuses("I could open `q4_final.xlsx`.", run(LISTED)) == ["verified"]
    later = "Once `q3_draft.xlsx` is signed off, the totals will move."
    assert statuses(later, run(LISTED)) == ["unverifiable"]
    assert statuses("The folder holds `q3_draft.xlsx`.", run(LISTED)) == ["verified"]


CPU = bash("lscpu", "Model name: Zenith 9 4700Q Processor\nCPU(s): 16")


def test_a_small_number_inside_a_product_name_is_no_figure() -> None:
    assert statuses("Timed on a Zenith 9 4700Q.", run(CPU)) == ["unverifiable"]
    assert statuses("Timed on a Zenith 9 4700Q with 16 CPUs.", run(CPU)) == ["verified"]
