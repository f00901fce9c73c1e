# common.sh: helpers shared by bin/relearn and bin/test (sourced; bash 3.2+).
# Expects RELEARN_ROOT (the repository root) to be set by the caller.

# ONNX Runtime 1.29, which runs the bge-small model, records telemetry on Linux and
# macOS too (a device id in ~/.cache/Microsoft, the OS, the model's name) and
# uploads it to Microsoft. Only this variable, set before the JVM starts, turns all
# of it off; the Java API can silence just its per-session events. Every script
# that sources this file (bin/relearn, bin/test, bin/bench-*) passes it on to Java.
# An explicit value in the caller's environment is kept.
export ORT_DISABLE_TELEMETRY="${ORT_DISABLE_TELEMETRY:-1}"

# relearn_require_mvn: make sure Maven is on PATH; on Debian/Ubuntu as root it
# installs it with apt-get, otherwise it explains how to and returns 1.
relearn_require_mvn() {
  command -v mvn >/dev/null 2>&1 && return 0
  if command -v apt-get >/dev/null 2>&1 && [ "$(id -u)" = 0 ]; then
    echo "relearn: Maven (mvn) not found; installing it with apt-get..." >&2
    { apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends maven; } >&2 || true
    command -v mvn >/dev/null 2>&1 && return 0
  fi
  {
    echo "relearn: Maven (mvn, 3.8 or later) is needed to build relearn but was not found on PATH."
    echo "  Debian/Ubuntu: sudo apt-get install maven"
    echo "  Fedora/RHEL:   sudo dnf install maven"
    echo "  macOS:         brew install maven"
    echo "  SDKMAN:        sdk install maven"
  } >&2
  return 1
}

# relearn_utf8_locale: the JVM decodes file names with the locale's character set,
# so under a locale that is not UTF-8 (LANG unset or C, as in cron jobs and many
# containers) a file named café.md would be indexed as caf??.md, and its chunk ids
# would change with the locale of the run. When the character set is not UTF-8,
# this exports LC_ALL as the first UTF-8 locale of C.UTF-8, C.utf8, en_US.UTF-8 and
# en_US.utf8 the system has; with none of them it changes nothing.
relearn_utf8_locale() {
  case "$(locale charmap 2>/dev/null || true)" in
    UTF-8|utf-8|utf8) return 0 ;;
  esac
  local available name
  available=$(locale -a 2>/dev/null) || return 0
  for name in C.UTF-8 C.utf8 en_US.UTF-8 en_US.utf8; do
    case $'\n'"$available"$'\n' in
      *$'\n'"$name"$'\n'*) export LC_ALL=$name; return 0 ;;
    esac
  done
  return 0
}

# relearn_maven_env: exports JAVA_HOME (the JDK found by relearn_find_java) for
# Maven, and on JDK 24+ quiets the sun.misc.Unsafe warnings that Maven 3.8/3.9's
# own Guava prints there.
relearn_maven_env() {
  export JAVA_HOME="$RELEARN_JAVA_HOME"
  if [ "${RELEARN_JAVA_MAJOR:-0}" -ge 24 ]; then
    case " ${MAVEN_OPTS:-} " in
      *sun-misc-unsafe-memory-access*) ;;
      *) export MAVEN_OPTS="${MAVEN_OPTS:+$MAVEN_OPTS }--sun-misc-unsafe-memory-access=allow" ;;
    esac
  fi
}

# relearn_bench_classpath PL TESTS MODULE...: compiles the test sources of Maven
# module PL and what it needs, then sets RELEARN_BENCH_CP to the test classes of the
# modules in TESTS (space-separated), the classes of each MODULE, and every
# dependency. Run from the repository root.
relearn_bench_classpath() {
  local pl=$1 tests=$2 cp_file cp="" m
  shift 2
  cp_file=$(mktemp)
  mvn -B -q -pl "$pl" -am test-compile dependency:build-classpath \
    -Dmdep.outputFile="$cp_file" -Dmdep.includeScope=test >&2
  for m in $tests; do cp="$cp$m/target/test-classes:"; done
  for m in "$@"; do cp="$cp$m/target/classes:"; done
  RELEARN_BENCH_CP="$cp$(cat "$cp_file")"
  rm -f "$cp_file"
}

# relearn_bench_run CLASS ARGS...: runs a benchmark's main class on RELEARN_BENCH_CP.
relearn_bench_run() {
  "$RELEARN_JAVA" --add-modules jdk.incubator.vector --enable-native-access=ALL-UNNAMED \
    -cp "$RELEARN_BENCH_CP" "$@" 2>&1 | grep -v '^WARNING: Using incubator modules'
}
