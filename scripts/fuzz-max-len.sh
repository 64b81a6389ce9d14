# Sourced by scripts/ci-extra.sh and scripts/fuzz-campaign.sh.
# fuzz_max_len SEEDS: 4,096 bytes, or the largest seed rounded up to a power of two. libFuzzer
# truncates seeds longer than -max_len: at 4,096 every valid .xlsx seed (4.9-5.8 KB) was cut,
# and fuzz_xlsx never got past the zip directory (cov 120 in 45 s, against 1,119 at 8,192).
fuzz_max_len() {
  local largest len=4096
  largest=$(find "$1" -type f -printf '%s\n' | sort -n | tail -n 1)
  while [ "$len" -lt "${largest:-0}" ]; do len=$((len * 2)); done
  echo "$len"
}
