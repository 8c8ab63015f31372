import pontoon_cli as pontoon


class Cautious:
    """Stake the least; stick (stand) on 16 or more, else twist (hit); as banker, stay on 17."""

    def stake(self, view):
        return view.legal[0].low

    def play(self, view):
        words = [a.action for a in view.legal]
        if "pass" in words:  # Shoot Pontoon's round after the stakes (S2)
            return "pass"
        wanted = ("stick", "stand") if view.total >= 16 else ("twist", "hit")
        for word in (*wanted, "stick", "stand", "twist", "hit"):
            if word in words:
                return word
        first = view.legal[0]  # a buy, at its least
        return first.action if first.low is None else (first.action, first.low)

    def bank(self, view):
        return "stay" if view.total >= 17 else "draw"


if __name__ == "__main__":
    written = pontoon.write_log("cautious.jsonl", seed=7, deals=1000, strategy=Cautious)
    assert list(pontoon.verify("cautious.jsonl")) == []
    totals = {}
    for deal in pontoon.read_log("cautious.jsonl")[1:]:
        for player, net in deal["net"].items():
            totals[player] = totals.get(player, 0) + net
    print(written.deals, totals)
