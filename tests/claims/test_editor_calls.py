"""An editor tool's calls (OpenHands' `str_replace_editor`, Anthropic's text editor): the
input's `command` is a sub-command, not a shell text, and says what the call did. Its path
and texts are read as any edit's are (SPEC §5.9)."""

from __future__ import annotations

from typing import Any

from tests.claims.test_claims import bash, run, statuses


def _editor(command: str, output: str, **fields: str) -> tuple[str, dict[str, Any], str, str]:
    return ("str_replace_editor", {"command": command, **fields}, output, "ok")


REPLACED = _editor(
    "str_replace",
    "The file /app/lib/slugkit/config.rb has been edited.",
    path="/app/lib/slugkit/config.rb",
    old_str="    opts = defaults.merge(overrides)\n",
    new_str="",
)


def test_an_edits_path_is_its_input_and_its_old_text_what_it_took_out() -> None:
    said = "I removed the useless `opts` assignment in `config.rb` by hand."
    assert statuses(said, run(REPLACED)) == ["verified"]
    # what it took out is in its input: a removal of another thing no input holds
    other = "I removed the useless `timeout_seconds` setting from `config.rb`."
    assert statuses(other, run(REPLACED)) == ["contradicted"]


def test_an_edits_new_text_holds_what_it_added() -> None:
    said = "I also added an exclusion on `kafka-avro-serializer`."
    edited = "The file /w/pom.xml has been edited."
    pom = _editor("str_replace", edited, path="/w/pom.xml", old_str="<exclusions>",
                  new_str="<exclusions><exclusion>slf4j</exclusion>")  # fmt: skip
    assert statuses(said, run(pom)) == ["contradicted"]
    added = _editor("str_replace", edited, path="/w/pom.xml", old_str="<exclusions>",
                    new_str="<exclusions><id>kafka-avro-serializer</id>")  # fmt: skip
    assert statuses(said, run(pom, added)) != ["contradicted"]


def test_create_writes_a_whole_file_and_view_only_reads_one() -> None:
    created = _editor("create", "File created successfully at: /w/dedupe.py",
                      path="/w/dedupe.py", file_text="import csv\n")  # fmt: skip
    viewed = _editor("view", "1\timport csv", path="/w/dedupe.py")
    assert statuses("Created `dedupe.py`.", run(created)) == ["verified"]
    assert statuses("Created `dedupe.py`.", run(viewed)) == ["contradicted"]


def test_a_view_after_a_build_leaves_its_warnings_standing() -> None:
    built = bash("gcc -Wall -c src/ring.c -o ring.o", "src/ring.c:41:9: warning: unused 'spare'\n")
    viewed = _editor("view", "41\t  int spare;", path="/w/src/ring.c")
    said = "The build is warning-free."
    assert statuses(said, run(built, viewed)) == ["contradicted"]
    edited = _editor("str_replace", "The file /w/src/ring.c has been edited.",
                     path="/w/src/ring.c", old_str="  int spare;\n", new_str="")  # fmt: skip
    assert statuses(said, run(built, edited)) == ["unverifiable"]


def test_an_edit_naming_a_file_keeps_it() -> None:
    # a removal said of a file only edits name: they kept it (a patch's `Delete File` not)
    said = "Deleted `lib/slugkit/config.rb`."
    assert statuses(said, run(REPLACED)) == ["contradicted"]
    patch = ("apply_patch", {"input": "*** Begin Patch\n*** Delete File: lib/slugkit/config.rb\n"},
             "Done", "ok")  # fmt: skip
    assert statuses(said, run(REPLACED, patch)) != ["contradicted"]
