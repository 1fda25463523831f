"""How many games a +/-3-point rating needs, with and without each way of needing fewer: the
luck taken out, two sets paired on their seeds, a near set rated against a shipped one's
games, and the games the word takes to settle (not part of the test run).

    nice -n 10 .venv/bin/python scripts/variance.py [--near-games 512] [--jobs N]

It reads the shipped ratings' games (decks/ratings.json, written by scripts/ratings.py) and
plays, for the near sets, ``--near-games`` games of each built-in set with one card swapped.
Games needed for +/-3 points are worked out from each estimator's variance:
``(1.96 / 0.03)^2 * variance``.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from solo.cards.catalog import get_catalog  # noqa: E402
from solo.decks.sets import add_card, remove_card, resolve  # noqa: E402
from solo.engine import estimate, ratings, simulate  # noqa: E402
from solo.engine.game import ENGINE  # noqa: E402
from solo.engine.luck import coefficients  # noqa: E402

K = (1.96 / 0.03) ** 2
#: A one-card swap for each built-in set: (deck, card out, card in).
SWAPS = {"Starter": ("creature", "Mana Leech", "Timber Wolf"),
         "Harder": ("creature", None, "Timber Wolf"), "Easier": ("creature", None, "Timber Wolf")}


def var(xs: list[float]) -> float:
    m = sum(xs) / len(xs)
    return sum((x - m) ** 2 for x in xs) / (len(xs) - 1)


def shipped() -> dict[tuple[str, str], ratings.Rating]:
    data = json.loads((ROOT / "decks" / "ratings.json").read_text(encoding="utf-8"))
    beta = coefficients(ENGINE)
    return {(e["decks"], e["opponent"]): ratings.Rating.from_dict(e).with_(beta)
            for e in data.values()}


def settle_median(r: ratings.Rating, draws: int = 200) -> int | None:
    """The median games the word takes to settle over ``draws`` shufflings of the games."""
    limits = [limit for limit, _ in simulate.RATINGS]
    rng = random.Random(1)
    pairs = list(zip(r.wins, r.luck))
    found = []
    for _ in range(draws):
        rng.shuffle(pairs)
        wins = "".join(w for w, _ in pairs)
        got = estimate.word_settled(estimate.values(wins, [x for _, x in pairs], r.beta), wins,
                                    limits)
        found.append(got[0] if got else 10 ** 6)
    found.sort()
    median = found[len(found) // 2]
    return None if median == 10 ** 6 else median


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--near-games", type=int, default=512)
    ap.add_argument("--jobs", type=int, default=simulate.cores())
    args = ap.parse_args()
    rs = shipped()
    beta = coefficients(ENGINE)
    print(f"luck coefficients ({ENGINE}): {beta}")
    print("\ngames for +/-3 points: plain / luck taken out (shares of the variance), "
          "odd-seed fit on even seeds; games the word takes to settle (median of 200 orders)")
    odd = [ratings.Rating(games=len(r.wins[::2]), dm_wins=r.wins[::2].count("1"), rounds=0,
                          damage_to_ym=0, damage_to_dm=0, wins=r.wins[::2], luck=r.luck[::2])
           for r in rs.values()]
    held, _ = estimate.fit(odd)
    for (name, opp), r in sorted(rs.items()):
        plain = var(estimate.values(r.wins, r.luck, ()))
        cv = var(r.values())
        even = var(estimate.values(r.wins[1::2], r.luck[1::2], held)) / \
            var(estimate.values(r.wins[1::2], r.luck[1::2], ()))
        print(f"  {name:8} {opp:9} p={r.win_rate:.3f}: {K * plain:6.0f} / {K * cv:6.0f} "
              f"({cv / plain:.3f}; held out {even:.3f}); word {r.word} settled at "
              f"{settle_median(r)} games")
    print("\ngames for +/-3 points on the difference of two sets: independent / paired")
    for opp in ("beginner", "skilled"):
        for a, b in (("Starter", "Easier"), ("Harder", "Starter"), ("Harder", "Easier")):
            ra, rb = rs[(a, opp)], rs[(b, opp)]
            n = min(ra.games, rb.games)
            za, zb = ra.values()[:n], rb.values()[:n]
            apart = var(za) + var(zb)
            paired = var([x - y for x, y in zip(za, zb)])
            print(f"  {a} - {b} ({opp}): {K * apart:6.0f} / {K * paired:6.0f} games each")
    print(f"\na set one card from a shipped one ({args.near_games} games each, beginner): "
          "games for +/-3 points alone (luck out) / against the shipped set's games")
    cat = get_catalog()
    with simulate.Workers(args.jobs) as workers:
        for name, (deck, out, into) in SWAPS.items():
            ds = resolve(name)
            out = out or next(c for c in ds.decks[deck] if c != into)
            remove_card(ds, deck, out, 1)
            add_card(ds, cat, deck, into, 1)
            r, _ = ratings.rate(ds, catalog=cat, engine=ENGINE, jobs=args.jobs, beta=beta,
                                most=args.near_games, workers=workers)
            ref = rs[(name, "beginner")]
            z, zs = r.values(), ref.values()
            # the estimate's variance is s_e^2 / n + b^2 s_s^2 / N: the games n giving +/-3
            head = zs[:len(z)]
            cov = sum((x - sum(z) / len(z)) * (y - sum(head) / len(head))
                      for x, y in zip(z, head)) / (len(z) - 1)
            b = cov / var(head)
            s_e2 = var([x - b * y for x, y in zip(z, head)])
            room = (0.03 / 1.96) ** 2 - b * b * var(zs) / len(zs)
            need = s_e2 / room if room > 0 else float("inf")
            print(f"  {name} -{out} +{into}: p={r.win_rate:.3f} alone {K * var(z):6.0f} / "
                  f"against {need:6.0f} (slope {b:.2f}, correlation "
                  f"{cov / (var(z) * var(head)) ** 0.5:.2f})")


if __name__ == "__main__":
    main()
