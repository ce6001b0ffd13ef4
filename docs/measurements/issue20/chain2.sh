#!/usr/bin/env bash
# More games for the widest intervals, once chain.sh is done (one job at a time).
cd /work/wt/ai
P=.venv/bin/python
until grep -q done runs/chain.log; do sleep 10; done
date -u > runs/chain2.log
nice -n 5 $P -m ai.openspiel_match --games 20 --seed 62 --simulations 504 --json runs/openspiel_s62.json >> runs/openspiel_s62.txt 2>&1
date -u >> runs/chain2.log
nice -n 5 $P -m ai.arena --game cesta --agents ismcts:expert heuristic --games 16 --seed 66 --jobs 1 --json runs/cesta_expert_vs_normal_s66.json > runs/cesta_expert_vs_normal_s66.txt 2>&1
date -u >> runs/chain2.log
echo done >> runs/chain2.log
