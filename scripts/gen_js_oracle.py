#!/usr/bin/env python3
"""Ask Node (the oracle of SPEC §5.1) for JavaScript's answers and cache them.

    python3 scripts/gen_js_oracle.py regex     # tests/data/js/regex_oracle.json
    python3 scripts/gen_js_oracle.py strings   # tests/data/js/strings_oracle.json
    python3 scripts/gen_js_oracle.py tables    # src/agentv_grader/js/_regexp_tables.py
    python3 scripts/gen_js_oracle.py all       # regex + strings

The case lists come from `tests/js/regex_cases.py` and `tests/js/strings_cases.py`; each
cache stores a digest of its case list so the tests can tell when it is stale. The tables
are Node's own case-insensitive equivalence classes and the exact Unicode property names it
accepts, so the translator needs no Unicode database of its own to agree with Node.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT / "src"), str(ROOT / "tests" / "js")]
NODE = os.environ.get("NODE", "node")
DATA = ROOT / "tests" / "data" / "js"


def run_node(script: str, payload: Any) -> Any:
    """Run a node script with the payload in a JSON file (argv[1]); return its JSON stdout."""
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "in.json"
        data.write_text(json.dumps(payload, ensure_ascii=True), encoding="utf-8")
        js = Path(tmp) / "run.js"
        js.write_text(script, encoding="utf-8")
        out = subprocess.run(
            [NODE, "--stack-size=65500", str(js), str(data)],
            check=True,
            capture_output=True,
            text=True,
        )
    return json.loads(out.stdout)


# -- regex oracle ------------------------------------------------------------------------
REGEX_JS = r"""
const cases = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const out = cases.map(([id, pattern, flags, text]) => {
  let re;
  try { re = new RegExp(pattern, flags); } catch (e) { return [id, 'SyntaxError', e.message]; }
  re.lastIndex = 0;
  const m = re.exec(text);
  return [id, m === null ? null : [m.index, m.index + m[0].length]];
});
process.stdout.write(JSON.stringify(out));
"""


def gen_regex() -> None:
    from test_regexp_differential import all_cases, digest

    cases = all_cases()
    answers = run_node(REGEX_JS, [[c.id, c.pattern, c.flags, c.text] for c in cases])
    result = {"digest": digest(cases), "node": sys_node_version(), "answers": {}}
    for row in answers:
        result["answers"][row[0]] = row[1] if row[1] != "SyntaxError" else ["SyntaxError", row[2]]
    write_json(DATA / "regex_oracle.json", result)
    print(f"regex oracle: {len(cases)} cases")


# -- strings oracle ----------------------------------------------------------------------
STRINGS_JS = r"""
const cases = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
function canon(v) {
  // JSON-safe structural encoding that keeps what JSON.stringify loses.
  if (v === null) return ['null'];
  if (typeof v === 'number') {
    if (Object.is(v, -0)) return ['num', '-0'];
    if (!isFinite(v)) return ['num', String(v)];
    return ['num', String(v)];
  }
  if (typeof v === 'string') return ['str', v];
  if (typeof v === 'boolean') return ['bool', v];
  if (Array.isArray(v)) {
    // iterative for deep nesting
    let depth = 0, cur = v;
    while (Array.isArray(cur) && cur.length === 1 && Array.isArray(cur[0])) {
      depth++;
      cur = cur[0];
    }
    if (depth > 50) return ['deeparr', depth, canon(cur)];
    return ['arr', v.map(canon)];
  }
  const keys = Object.keys(v);
  return ['obj', keys.map(k => [k, canon(v[k])])];
}
const out = cases.map(([id, op, text]) => {
  try {
    if (op === 'trim') return [id, ['str', text.trim()]];
    if (op === 'lower') return [id, ['str', text.toLowerCase()]];
    if (op === 'json') return [id, canon(JSON.parse(text))];
  } catch (e) { return [id, ['error', e.constructor.name]]; }
});
process.stdout.write(JSON.stringify(out));
"""


def gen_strings() -> None:
    from test_strings_differential import all_cases, digest

    cases = all_cases()
    answers = run_node(STRINGS_JS, [[c.id, c.op, c.text] for c in cases])
    result = {"digest": digest(cases), "node": sys_node_version(), "answers": dict(answers)}
    write_json(DATA / "strings_oracle.json", result)
    print(f"strings oracle: {len(cases)} cases")


# -- tables ------------------------------------------------------------------------------
CASE_JS = r"""
function classes(flags, maxcp) {
  const cand = new Set();
  const cwcm = /\p{CWCM}/u;
  for (let c = 0; c <= maxcp; c++) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const s = String.fromCodePoint(c);
    if (!cwcm.test(s) && s.toLowerCase() === s && s.toUpperCase() === s) continue;
    cand.add(c);
    for (const t of [s.toLowerCase(), s.toUpperCase()]) {
      const cps = [...t];
      if (cps.length === 1 && cps[0].codePointAt(0) <= maxcp) cand.add(cps[0].codePointAt(0));
    }
  }
  const list = [...cand].sort((a, b) => a - b);
  const hay = list.map(c => String.fromCodePoint(c)).join('');
  const out = [];
  for (const c of list) {
    const hex = c.toString(16);
    const esc = flags.includes('u') ? `\\u{${hex}}` : `\\u${hex.padStart(4, '0')}`;
    const members = [...hay.matchAll(new RegExp(esc, 'g' + flags))].map(m => m[0].codePointAt(0));
    out.push(members);
  }
  return out;
}
const names = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const ok = (p) => { try { new RegExp(p, 'u'); return true; } catch (e) { return false; } };
process.stdout.write(JSON.stringify({
  bmp: classes('i', 0xFFFF),
  u: classes('iu', 0x10FFFF),
  binary: names.binary.filter(n => ok(`\\p{${n}}`)),
  gc: names.gc.filter(n => ok(`\\p{gc=${n}}`) && ok(`\\p{${n}}`)),
  scripts: names.scripts.filter(n => ok(`\\p{sc=${n}}`) && ok(`\\p{scx=${n}}`)),
}));
"""

# ES2023 table 67 (binary Unicode properties), with their aliases.
BINARY = """ASCII ASCII_Hex_Digit AHex Alphabetic Alpha Any Assigned Bidi_Control Bidi_C
Bidi_Mirrored Bidi_M Case_Ignorable CI Cased Changes_When_Casefolded CWCF
Changes_When_Casemapped CWCM Changes_When_Lowercased CWL Changes_When_NFKC_Casefolded CWKCF
Changes_When_Titlecased CWT Changes_When_Uppercased CWU Dash Default_Ignorable_Code_Point DI
Deprecated Dep Diacritic Dia Emoji Emoji_Component EComp Emoji_Modifier EMod
Emoji_Modifier_Base EBase Emoji_Presentation EPres Extended_Pictographic ExtPict Extender Ext
Grapheme_Base Gr_Base Grapheme_Extend Gr_Ext Hex_Digit Hex IDS_Binary_Operator IDSB
IDS_Trinary_Operator IDST ID_Continue IDC ID_Start IDS Ideographic Ideo Join_Control Join_C
Logical_Order_Exception LOE Lowercase Lower Math Noncharacter_Code_Point NChar Pattern_Syntax
Pat_Syn Pattern_White_Space Pat_WS Quotation_Mark QMark Radical Regional_Indicator RI
Sentence_Terminal STerm Soft_Dotted SD Terminal_Punctuation Term Unified_Ideograph UIdeo
Uppercase Upper Variation_Selector VS White_Space space XID_Continue XIDC XID_Start XIDS""".split()

GC = """Cased_Letter LC Close_Punctuation Pe Connector_Punctuation Pc Control Cc cntrl
Currency_Symbol Sc Dash_Punctuation Pd Decimal_Number Nd digit Enclosing_Mark Me
Final_Punctuation Pf Format Cf Initial_Punctuation Pi Letter L Letter_Number Nl
Line_Separator Zl Lowercase_Letter Ll Mark M Combining_Mark Math_Symbol Sm Modifier_Letter Lm
Modifier_Symbol Sk Nonspacing_Mark Mn Number N Open_Punctuation Ps Other C Other_Letter Lo
Other_Number No Other_Punctuation Po Other_Symbol So Paragraph_Separator Zp Private_Use Co
Punctuation P punct Separator Z Space_Separator Zs Spacing_Mark Mc Surrogate Cs Symbol S
Titlecase_Letter Lt Unassigned Cn Uppercase_Letter Lu""".split()


def script_candidates() -> list[str]:
    """Spellings of every script `regex` knows, as found in node's ICU data (node filters)."""
    import regex

    known = regex._regex.get_properties()["SCRIPT"][1]  # type: ignore[attr-defined]
    blob = Path(subprocess.check_output(["which", NODE], text=True).strip()).read_bytes()
    words = {m.decode() for m in re.findall(rb"(?<=\x00)[A-Za-z][A-Za-z0-9_]{1,40}(?=\x00)", blob)}
    words |= {k.title() for k in known if len(k) == 4}  # ISO 15924 codes: Latn, Zyyy, Qaai
    return sorted(w for w in words if w.upper().replace("_", "") in known)


def regex_name(name: str) -> str:
    """The spelling handed to the `regex` module (it matches names loosely)."""
    return "" if name in ("CWKCF", "Changes_When_NFKC_Casefolded") else name


def gen_tables() -> None:
    import regex

    got = run_node(CASE_JS, {"binary": BINARY, "gc": GC, "scripts": script_candidates()})
    assert set(got["binary"]) == set(BINARY), set(BINARY) - set(got["binary"])
    assert set(got["gc"]) == set(GC), set(GC) - set(got["gc"])
    bmp, uni = check_classes(got["bmp"]), check_classes(got["u"])
    for name in got["scripts"]:
        regex.compile(rf"\p{{Script={name}}}\p{{Script_Extensions={name}}}")
    for name in got["gc"]:
        regex.compile(rf"\p{{General_Category={name}}}")
    lines = [
        '"""Generated by scripts/gen_js_oracle.py tables from node '
        f'{sys_node_version()}: do not edit."""',
        "",
        "# Case-insensitive equivalence classes (hex code points) as node's RegExp sees them:",
        "# without u (UTF-16 units, toUpperCase-based) and with u (simple case folding).",
        f"CASE_CLASSES_BMP = {chunked(encode_classes(bmp))}",
        f"CASE_CLASSES_U = {chunked(encode_classes(uni))}",
        "",
        "# Exact property names node accepts in \\p{…}, mapped to the `regex` module spelling",
        '# ("" = no equivalent in the regex module).',
        f"BINARY_PROPERTIES = {dict((n, regex_name(n)) for n in got['binary'])!r}",
        f"GC_VALUES = {dict((n, n) for n in got['gc'])!r}",
        f"SCRIPTS = {dict((n, n) for n in got['scripts'])!r}",
        "",
    ]
    target = ROOT / "src" / "agentv_grader" / "js" / "_regexp_tables.py"
    target.write_text("\n".join(lines), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", "--line-length", "100", str(target)])
    print(f"tables: {len(bmp)} bmp classes, {len(uni)} u classes, {len(got['scripts'])} scripts")


def check_classes(rows: list[list[int]]) -> list[tuple[int, ...]]:
    """Each candidate's match set must be one block of a partition (an equivalence)."""
    classes = {frozenset(r) for r in rows}
    seen: dict[int, frozenset[int]] = {}
    for cls in classes:
        for cp in cls:
            assert cp not in seen, (sorted(cls), sorted(seen[cp]))
            seen[cp] = cls
    return sorted(tuple(sorted(c)) for c in classes if len(c) > 1)


def chunked(text: str, width: int = 88) -> str:
    """A long string literal as implicit concatenation within the line length."""
    parts = [text[i : i + width] for i in range(0, len(text), width)]
    return "(\n" + "".join(f"    {p!r}\n" for p in parts) + ")"


def encode_classes(classes: list[tuple[int, ...]]) -> str:
    return ";".join(",".join(f"{c:x}" for c in cls) for cls in classes)


# -- helpers -----------------------------------------------------------------------------
def sys_node_version() -> str:
    return subprocess.check_output([NODE, "--version"], text=True).strip()


def write_json(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, ensure_ascii=True, indent=0, sort_keys=True)
    path.write_text(text + "\n", encoding="utf-8")


def main(argv: list[str]) -> int:
    what = argv[1] if len(argv) > 1 else "all"
    if what in ("regex", "all"):
        gen_regex()
    if what in ("strings", "all"):
        gen_strings()
    if what == "tables":
        gen_tables()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
