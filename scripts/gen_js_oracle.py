#!/usr/bin/env python3
"""Ask Node (the oracle of SPEC §5.1) for JavaScript's answers and cache them.

    python3 scripts/gen_js_oracle.py regex     # tests/data/js/regex_oracle.json
    python3 scripts/gen_js_oracle.py strings   # tests/data/js/strings_oracle.json
    python3 scripts/gen_js_oracle.py tables    # agentv_grader/js/_regexp_tables.py
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
sys.path[:0] = [str(ROOT / "tests" / "js")]
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
            [NODE, "--max-old-space-size=4096", str(js), str(data)],
            capture_output=True,
            text=True,
        )
    if out.returncode != 0:
        raise SystemExit(f"node failed ({out.returncode}):\n{out.stderr[-3000:]}")
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
const crypto = require('crypto');
const cases = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const units = (s) => Array.from({length: s.length}, (_, i) => s.charCodeAt(i)).join(',');
const num = (n) => Object.is(n, -0) ? '-0' : String(n);
function digest(value) {
  // iterative, so 100000 levels need no stack; mirrors value_digest() in the test
  const tokens = [], END_ARR = {}, END_OBJ = {}, stack = [value];
  while (stack.length) {
    const v = stack.pop();
    if (v === END_ARR) tokens.push(']');
    else if (v === END_OBJ) tokens.push('}');
    else if (v !== null && typeof v === 'object' && v.key !== undefined && v.isKey) {
      tokens.push('k:' + units(v.key));
    } else if (v === null) tokens.push('null');
    else if (typeof v === 'boolean') tokens.push(String(v));
    else if (typeof v === 'number') tokens.push('n:' + num(v));
    else if (typeof v === 'string') tokens.push('s:' + units(v));
    else if (Array.isArray(v)) {
      tokens.push('[');
      stack.push(END_ARR);
      for (let i = v.length - 1; i >= 0; i--) stack.push(v[i]);
    } else {
      tokens.push('{');
      stack.push(END_OBJ);
      const keys = Object.keys(v);
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(v[keys[i]]);
        stack.push({isKey: true, key: keys[i]});
      }
    }
  }
  return crypto.createHash('sha256').update(tokens.join('\n')).digest('hex');
}
const out = cases.map(([id, op, text]) => {
  if (op === 'trim') return [id, ['str', text.trim()]];
  if (op === 'lower') return [id, ['str', text.toLowerCase()]];
  let value;
  try { value = JSON.parse(text); } catch (e) { return [id, ['error', e.constructor.name]]; }
  return [id, ['ok', digest(value)]];
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
function lowerMap() {
  const out = [];
  for (let c = 0; c <= 0x10FFFF; c++) {
    if (c >= 0xD800 && c <= 0xDFFF) continue;
    const s = String.fromCodePoint(c);
    const l = s.toLowerCase();
    if (l !== s) out.push([c, l]);
  }
  return out;
}
function propertyRanges(keys) {
  // Scan every non-surrogate code point with /\p{…}+/gu (lone surrogates would pair up in
  // one string, so each is tested on its own), then turn the membership into ranges.
  const cps = [];
  for (let c = 0; c <= 0x10FFFF; c++) if (c < 0xD800 || c > 0xDFFF) cps.push(c);
  const hay = cps.map(c => String.fromCodePoint(c)).join('');
  const cpIndex = new Int32Array(hay.length);
  for (let i = 0, k = 0; i < hay.length; k++) { cpIndex[i] = k; i += cps[k] > 0xFFFF ? 2 : 1; }
  const out = {};
  for (const [key, body] of keys) {
    let re;
    try { re = new RegExp(`\\p{${body}}+`, 'gu'); } catch (e) { continue; }
    const member = new Uint8Array(0x110000);
    for (const m of hay.matchAll(re)) {
      const k = cpIndex[m.index];
      const n = [...m[0]].length;
      for (let j = 0; j < n; j++) member[cps[k + j]] = 1;
    }
    const one = new RegExp(`^\\p{${body}}$`, 'u');
    for (let c = 0xD800; c <= 0xDFFF; c++) if (one.test(String.fromCharCode(c))) member[c] = 1;
    const ranges = [];
    for (let c = 0; c <= 0x10FFFF; c++) {
      if (!member[c]) continue;
      let d = c;
      while (d < 0x10FFFF && member[d + 1]) d++;
      ranges.push([c, d]);
      c = d;
    }
    out[key] = ranges;
  }
  return out;
}
const names = JSON.parse(require('fs').readFileSync(process.argv[2], 'utf8'));
const ok = (p) => { try { new RegExp(p, 'u'); return true; } catch (e) { return false; } };
process.stdout.write(JSON.stringify({
  lower: lowerMap(),
  bmp: classes('i', 0xFFFF),
  u: classes('iu', 0x10FFFF),
  binary: names.binary.filter(n => ok(`\\p{${n}}`)),
  gc: names.gc.filter(n => ok(`\\p{gc=${n}}`) && ok(`\\p{${n}}`)),
  scripts: names.scripts.filter(n => ok(`\\p{sc=${n}}`) && ok(`\\p{scx=${n}}`)),
  ranges: propertyRanges(names.keys),
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


def property_overrides(node_ranges: dict[str, list[list[int]]]) -> dict[str, str]:
    """Node's ranges for each property key whose `regex` module set differs (or is missing)."""
    import regex

    from agentv_grader.js._regexp_sets import _regex_property_ranges

    out = {}
    for key, ranges in node_ranges.items():
        want = tuple((lo, hi) for lo, hi in ranges)
        try:
            have = _regex_property_ranges(key)
        except regex.error:
            have = None
        if have != want:
            out[key] = ",".join(f"{lo:x}-{hi:x}" for lo, hi in want)
    print(f"property overrides: {sorted(out)}")
    return out


def gen_tables() -> None:
    scripts = script_candidates()
    keys = [[f"General_Category={n}", f"gc={n}"] for n in GC]
    keys += [[n, n] for n in BINARY]
    keys += [[f"Script={n}", f"sc={n}"] for n in scripts]
    keys += [[f"Script_Extensions={n}", f"scx={n}"] for n in scripts]
    got = run_node(CASE_JS, {"binary": BINARY, "gc": GC, "scripts": scripts, "keys": keys})
    assert set(got["binary"]) == set(BINARY), set(BINARY) - set(got["binary"])
    assert set(got["gc"]) == set(GC), set(GC) - set(got["gc"])
    bmp, uni = check_classes(got["bmp"]), check_classes(got["u"])
    overrides = property_overrides(got["ranges"])
    lines = [
        '"""Generated by scripts/gen_js_oracle.py tables from node '
        f'{sys_node_version()}: do not edit."""',
        "",
        "# Case-insensitive equivalence classes (hex code points) as node's RegExp sees them:",
        "# without u (UTF-16 units, toUpperCase-based) and with u (simple case folding).",
        f"CASE_CLASSES_BMP = {chunked(encode_classes(bmp))}",
        f"CASE_CLASSES_U = {chunked(encode_classes(uni))}",
        "",
        "# Exact property names node accepts in \\p{…} (the `regex` module's loose matching",
        "# accepts the same spellings).",
        f"BINARY_PROPERTIES = {dict((n, n) for n in got['binary'])!r}",
        f"GC_VALUES = {dict((n, n) for n in got['gc'])!r}",
        f"SCRIPTS = {dict((n, n) for n in got['scripts'])!r}",
        "",
        *override_lines(overrides),
    ]
    target = ROOT / "agentv_grader" / "js" / "_regexp_tables.py"
    target.write_text("\n".join(lines), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "ruff", "format", "--line-length", "100", str(target)])
    print(f"tables: {len(bmp)} bmp classes, {len(uni)} u classes, {len(got['scripts'])} scripts")


def gen_lower() -> None:
    """`js/_lower_table.py`: node's toLowerCase for every non-ASCII code point it changes.

    Stored whole rather than as a difference from one Python's `str.lower()`, so the
    answer does not depend on the Unicode version of the Python that runs agentv-grade.
    """
    rows = run_node(
        LOWER_JS,
        None,
    )
    table = {cp: low for cp, low in rows if cp > 0x7F}
    target = ROOT / "agentv_grader" / "js" / "_lower_table.py"
    target.write_text(
        '"""Generated by scripts/gen_js_oracle.py lower: node 20\'s String.prototype.'
        'toLowerCase\nfor every non-ASCII code point it changes (do not edit)."""\n\n'
        f"NODE_LOWER: dict[int, str] = {table!r}\n",
        encoding="utf-8",
    )
    subprocess.run([sys.executable, "-m", "ruff", "format", "--line-length", "100", str(target)])
    print(f"lower: {len(table)} code points")


LOWER_JS = """
const out = [];
for (let c = 0x80; c <= 0x10FFFF; c++) {
  if (c >= 0xD800 && c <= 0xDFFF) continue;
  const s = String.fromCodePoint(c);
  const l = s.toLowerCase();
  if (l !== s) out.push([c, l]);
}
process.stdout.write(JSON.stringify(out));
"""


def check_classes(rows: list[list[int]]) -> list[tuple[int, ...]]:
    """Each candidate's match set must be one block of a partition (an equivalence)."""
    classes = {frozenset(r) for r in rows}
    seen: dict[int, frozenset[int]] = {}
    for cls in classes:
        for cp in cls:
            assert cp not in seen, (sorted(cls), sorted(seen[cp]))
            seen[cp] = cls
    return sorted(tuple(sorted(c)) for c in classes if len(c) > 1)


def override_lines(overrides: dict[str, str]) -> list[str]:
    """The `PROPERTY_OVERRIDES` table; a set that several spellings of a property share
    (a long name and its alias) is written once, as a constant both keys name."""
    keys_by_set: dict[str, list[str]] = {}
    for key, ranges in sorted(overrides.items()):
        keys_by_set.setdefault(ranges, []).append(key)
    shared = {
        ranges: "_" + re.sub(r"\W", "_", min(keys, key=len)).upper()
        for ranges, keys in keys_by_set.items()
        if len(keys) > 1
    }
    lines = []
    for ranges, name in shared.items():
        spelled = " (alias ".join(sorted(keys_by_set[ranges], key=len, reverse=True))
        lines += [f"# {spelled}): one set under both names.", f"{name} = {chunked(ranges, 80)}", ""]
    return [
        *lines,
        "# Node's sets where the `regex` module's differ (or it lacks the property), as",
        '# "lo-hi,lo-hi" hex ranges, keyed like _regexp_sets.property_ranges.',
        "PROPERTY_OVERRIDES: dict[str, str] = {",
        *(
            f"    {k!r}: {shared.get(v) or chunked(v, 80, 8)},"
            for k, v in sorted(overrides.items())
        ),
        "}",
        "",
    ]


def chunked(text: str, width: int = 88, indent: int = 4) -> str:
    """A long string literal as implicit concatenation within the line length."""
    parts = [text[i : i + width] for i in range(0, len(text), width)] or [""]
    pad = " " * indent
    return "(\n" + "".join(f"{pad}{p!r}\n" for p in parts) + pad[4:] + ")"


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
    if what in ("lower", "tables"):
        gen_lower()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
