#!/usr/bin/env bash
# Issue 20 measurements, one after another on one core (brief s3_ladder).
cd /work/wt/ai
P=.venv/bin/python
# stop the running hard-vs-normal arena at 48 games (its partial JSON is written every 4)
while kill -0 30772 2>/dev/null; do
  g=$($P -c "import json;print(json.load(open('runs/cesta_hard_vs_normal_s53.json'))['games'])" 2>/dev/null || echo 0)
  if [ "$g" -ge 48 ]; then kill 30772; break; fi
  sleep 10
done
date -u > runs/chain.log
nice -n 5 $P -m ai.openspiel_match --games 20 --seed 61 --simulations auto --json runs/openspiel_s61.json >> runs/openspiel_s61.txt 2>&1
date -u >> runs/chain.log
nice -n 5 $P -m ai.arena --game royal_road --agents ismcts:expert heuristic heuristic --games 36 --seed 63 --jobs 1 --json runs/rr_expert_vs_normal_s63.json > runs/rr_expert_vs_normal_s63.txt 2>&1
date -u >> runs/chain.log
nice -n 5 $P -m ai.arena --game cesta --agents ismcts:expert heuristic --games 16 --seed 65 --jobs 1 --json runs/cesta_expert_vs_normal_s65.json > runs/cesta_expert_vs_normal_s65.txt 2>&1
date -u >> runs/chain.log
nice -n 5 $P -m ai.arena --game cesta --agents ismcts:expert ismcts:hard --games 12 --seed 67 --jobs 1 --json runs/cesta_expert_vs_hard_s67.json > runs/cesta_expert_vs_hard_s67.txt 2>&1
date -u >> runs/chain.log
nice -n 5 $P -m ai.arena --game royal_road --agents ismcts:expert ismcts:hard ismcts:hard --games 24 --seed 69 --jobs 1 --json runs/rr_expert_vs_hard_s69.json > runs/rr_expert_vs_hard_s69.txt 2>&1
date -u >> runs/chain.log
nice -n 5 $P -m ai.arena --game royal_road --agents ismcts:hard heuristic heuristic --games 45 --seed 71 --jobs 1 --json runs/rr_hard_vs_normal_s71.json > runs/rr_hard_vs_normal_s71.txt 2>&1
date -u >> runs/chain.log
echo done >> runs/chain.log
