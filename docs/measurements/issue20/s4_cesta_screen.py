"""Screen a variant: python screen.py VARIANT OPP GAMES SEED OUT.json"""
import json, sys, time
sys.path.insert(0, "/tmp/s4-cesta")
import ai.arena as arena
from ai import make_agent as real_make
from ai.search.cesta_rollouts import RolloutSearch, RolloutConfig

CPU = {}
def variant(name, game, seed):
    _, *args = name.split("_")
    kw = dict(a.split("=") for a in args)
    cfg = RolloutConfig(**{k: (float(v) if k == "anchor" else int(v)) for k, v in kw.items()})
    agent = RolloutSearch(game, seed, cfg)
    agent.exact_endgames = True
    return agent

class Timed:
    def __init__(self, inner, spec):
        self.inner, self.spec = inner, spec
    def choose(self, view):
        t = time.process_time()
        m = self.inner.choose(view)
        d = time.process_time() - t
        CPU.setdefault(self.spec, []).append(d)
        return m

def make_agent(kind, game, level, seed):
    if kind.startswith("ro"):
        return Timed(variant(kind, game, seed), kind)
    return Timed(real_make(kind, game, level, seed), kind + ":" + level)

def parse_spec(spec):
    if spec.startswith("ro"):
        return spec, "expert"
    from ai import parse_spec as p
    return p(spec)

arena.make_agent = make_agent
arena.parse_spec = parse_spec
v, opp, games, seed, out = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), sys.argv[5]
rep = arena.run_match("cesta", [v, opp], games, seed, jobs=1, progress=True, partial_json=out)
import statistics
rep["cpu"] = {k: {"median": statistics.median(x), "mean": statistics.mean(x), "n": len(x)} for k, x in CPU.items()}
json.dump(rep, open(out, "w"), indent=1)
print(arena.format_report(rep))
print(rep["cpu"])
