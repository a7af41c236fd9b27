#!/usr/bin/env bash
# S3DatasetBench: planning the 1,000-file hive dataset (bench/data/hive-1000, written by
# DatasetBench on first use) over s3proxy, cold and with a warm metadata cache, at 0 and 20 ms a
# request. JMH runs from the s3 module's test classpath (s3proxy cannot share bench/'s). Setup
# prints each plan's ListObjectsV2, GET and HEAD counts and pqlab's reported requests and bytes
# ("# cold plan ..." lines in the output). Arguments go to JMH (default: -f 1 -wi 2 -i 5), e.g. a
# smoke run:  bench/run-s3.sh -f 1 -wi 0 -i 1 -r 1 -p latencyMs=0
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
module_jmh s3 'io.pqlab.s3.S3DatasetBench' '-f 1 -wi 2 -i 5' "$@"
