#!/usr/bin/env bash
# SparkBench: format("pqlab") against format("parquet") in local[2] on the 10M orders files
# (bench/data, made by bench/run.sh). JMH runs from the spark module's test classpath, since Spark
# cannot share bench/'s (see SparkBench's comment). Arguments go to JMH (default: -f 1 -wi 1 -i 3),
# e.g. a smoke run:  bench/run-spark.sh -f 1 -wi 0 -i 1 -p condition=id_point
set -euo pipefail
cd "$(dirname "$0")/.."
source bench/lib.sh
module_jmh spark 'io.pqlab.spark.SparkBench' '-f 1 -wi 1 -i 3' "$@"
