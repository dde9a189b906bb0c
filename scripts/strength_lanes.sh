#!/bin/bash
# Level timing, then esperto v medio samples, on a many-core machine within a fixed time.
#
#   OUTDIR=/tmp/out TOTAL=555 bash scripts/strength_lanes.sh
#
# Phase A times each game's difficile and esperto alone (benchmarks search --levels, one process a
# game). Phase B runs lanes of two workers: each lane plays one duplicate round of esperto v
# medio at a time (scripts/strength.py --matches 2, a fresh seed each round) in its own copy of
# the tree, and starts another only while the last one's time (plus 30 %) fits before the
# deadline, so nothing is cut off half played. Each round's result is saved as
# <game>-<seed>.json; OUTDIR/res.tgz holds them all (re-packed every 15 s, so a run stopped from
# outside still leaves what it finished). Unpack it and pool the rounds into
# docs/strength-results: `tar xzf res.tgz && python scripts/strength.py --pool devres`
# (docs/performance.md, "The levels timed and the esperto sampled on a lent machine").
# Env: TOTAL seconds (default 560), MOVES per level (16), PY (python3), OUTDIR (default $OUT),
#      LANES ("game:first_seed[:against] ...", against medio unless named; default four Burraco,
#      two Nebraska, two novantanove lanes), LEVEL_GAMES (the games phase A times; "" for none),
#      FULL (set: every round plays the game's default match, strength.py --full)
T0=$(date +%s); TOTAL=${TOTAL:-560}; MOVES=${MOVES:-16}; PY=${PY:-python3}; OUTDIR=${OUTDIR:-$OUT}
: "${OUTDIR:?set OUTDIR, the folder for res.tgz}"; mkdir -p "$OUTDIR"
DEADLINE=$((T0 + TOTAL)); ROOT=$PWD; RES=/tmp/devres; rm -rf $RES; mkdir -p $RES
export PYTHONUNBUFFERED=1
{ date -u; nproc; lscpu | grep -i "model name\|^CPU(s)\|Thread\|MHz"; $PY --version; git log --oneline -1 2>/dev/null; } > $RES/machine.txt 2>&1
pack() { tar czf $OUTDIR/.res.tgz -C /tmp devres 2>/dev/null && mv $OUTDIR/.res.tgz $OUTDIR/res.tgz; }
( while sleep 15; do pack; done ) & PACKER=$!
# phase A: each game's difficile and esperto, one process per game, nothing else running
for g in ${LEVEL_GAMES-cribbage poker_italiano nebraska novantanove burraco}; do
  PYTHONPATH=src:. timeout $((TOTAL / 4)) $PY -m benchmarks search --levels difficile,esperto --moves $MOVES --game $g > $RES/levels-$g.txt 2>&1 &
done
others() { jobs -p | grep -v "^$PACKER$"; }  # wait for these, never the packer's endless loop
others >/dev/null && wait $(others)
echo "phase A done at +$(( $(date +%s) - T0 )) s" >> $RES/machine.txt
# phase B: lanes of 2 workers, chunks of one duplicate round (2 matches), new seed each chunk
lane() {  # game base_seed lane_id against
  local g=$1 seed=$2 id=$3 vs=$4 dir=/tmp/lane-$3 last=0
  rm -rf $dir; mkdir -p $dir; cp -r src scripts docs README.md $dir/
  while true; do
    local now=$(date +%s); local need=$(( last * 13 / 10 + 5 ))
    if (( now + need > DEADLINE )); then echo "lane $id stops: +$((now-T0)) s, last chunk $last s" >> $RES/lanes.log; break; fi
    ( cd $dir && PYTHONPATH=src timeout $((DEADLINE + 10 - now)) $PY scripts/strength.py --games $g --only strong --against $vs --matches 2 --workers 2 --seed $seed ${FULL:+--full} >> $RES/lane-$id.log 2>&1 )
    local rc=$?; local end=$(date +%s); last=$(( end - now ))
    if (( rc == 0 )); then
      $PY -c "import json,sys; r=[x for x in json.load(open('$dir/docs/strength-results/$g.json')) if x['pairing']==['esperto','$vs'] and x['seed']==$seed][0]; json.dump(r, open('$RES/$g-$vs-$seed.json','w'))" >> $RES/lane-$id.log 2>&1
      echo "lane $id $g seed $seed ok in $last s" >> $RES/lanes.log
    else echo "lane $id $g seed $seed rc=$rc after $last s" >> $RES/lanes.log; fi
    seed=$((seed + 1))
  done
}
L=0
for spec in ${LANES:-burraco:7001 burraco:7101 burraco:7201 burraco:7301 nebraska:7401 nebraska:7501 novantanove:7601 novantanove:7701}; do
  IFS=: read -r game first against <<< "$spec"
  lane "$game" "$first" $L "${against:-medio}" & L=$((L + 1))
done
others >/dev/null && wait $(others)
echo "all done at +$(( $(date +%s) - T0 )) s" >> $RES/machine.txt
kill $PACKER 2>/dev/null; pack; ls -la $OUTDIR
