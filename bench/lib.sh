# What bench/run.sh and bench/run-some.sh share; sourced by them, from the repository's root.

jdk25=/usr/lib/jvm/temurin-25-jdk-amd64/bin/java

# build_jar OUT: builds benchmarks.jar afresh and copies it to OUT/benchmarks.jar, named by $jar.
# The run uses its own copy, so that a build during it cannot change the code measured.
build_jar() {
  rm -rf bench/target   # an incremental build can drop the hardwood benchmarks from the list
  mvn -B -ntp -q -pl bench -am package -DskipTests
  jar="$1/benchmarks.jar"
  cp bench/target/benchmarks.jar "$jar"
}

# machine_info OUT: the commit, the machine, the JDKs and the load before the run, to OUT/machine.txt.
machine_info() {
  {
    echo "commit: $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (with local changes)')"
    echo "date: $(date -u)"
    echo "nproc: $(nproc)"
    grep -m1 'model name' /proc/cpuinfo || true
    free -h | head -2
    java -version 2>&1 | head -1
    [[ -x "$jdk25" ]] && "$jdk25" -version 2>&1 | head -1
    echo "load before: $(cat /proc/loadavg)"
  } > "$1/machine.txt"
}

# test_classpath MODULE: compiles MODULE's tests (with what it needs) and sets $cp to its test
# classpath, for the benchmarks that run from a module's tests (s3proxy and Spark cannot share
# benchmarks.jar's classpath).
test_classpath() {
  mvn -B -ntp -q -pl "$1" -am test-compile \
      org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
      -Dmdep.outputFile=target/test-classpath.txt -Dmdep.includeScope=test
  cp="$1/target/test-classes:$1/target/classes:$(cat "$1/target/test-classpath.txt")"
}

# module_jmh MODULE BENCHMARK DEFAULTS [ARGS...]: runs BENCHMARK with JMH from MODULE's test
# classpath (test_classpath), with ARGS, or the JMH options in DEFAULTS where there are none.
module_jmh() {
  local module=$1 benchmark=$2 defaults=$3
  shift 3
  local args=("$@")
  [[ ${#args[@]} -eq 0 ]] && read -ra args <<< "$defaults"
  test_classpath "$module"
  exec java -cp "$cp" org.openjdk.jmh.Main "$benchmark" "${args[@]}"
}
