"""Copy the words of every rule a refusal cites from RULES.md into game/rules/texts.py.

Run after changing RULES.md, `game.engine.reasons.RULE_OF` or `rule_texts.CLIENT_CITED`:
    python scripts/rule_texts.py
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from game.engine.reasons import RULE_OF  # noqa: E402
from game.rules import texts as rule_texts  # noqa: E402


def main() -> int:
    rules = rule_texts.parse((ROOT / "RULES.md").read_text(encoding="utf-8"))
    wanted = rule_texts.cited(set(RULE_OF.values()))
    missing = sorted(r for r in wanted if r not in rules)
    if missing:
        print(f"RULES.md has no rule {', '.join(missing)}", file=sys.stderr)
        return 1
    path = ROOT / "game" / "rules" / "texts.py"
    head = path.read_text(encoding="utf-8").split("\n" + rule_texts.MARK + "\n")[0] + "\n"
    cited = {rid: rules[rid] for rid in wanted}
    path.write_text(head + rule_texts.render(cited), encoding="utf-8")
    print(f"{path.relative_to(ROOT)}: the words of {len(cited)} rules")
    return 0


if __name__ == "__main__":
    sys.exit(main())
