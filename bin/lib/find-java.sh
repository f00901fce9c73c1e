#!/usr/bin/env bash
# find-java.sh: find a JDK of version 21 or later for relearn.
#
# Sourced by bin/relearn and bin/test; it defines the function
#
#   relearn_find_java
#
# which, on success, returns 0 and sets
#   RELEARN_JAVA_HOME   the JDK's home folder
#   RELEARN_JAVA        "$RELEARN_JAVA_HOME/bin/java"
#   RELEARN_JAVA_MAJOR  its major version (21, 25, ...)
#   RELEARN_FIND_JAVA_REPORT  what it found where (empty if JAVA_HOME was used)
# and, when none is found, prints to stderr where it looked and what it found
# there, plus how to fix it, and returns 1.
#
# Run directly (bash bin/lib/find-java.sh [-v]) it prints the chosen JDK home
# on stdout and exits 0, or prints the report on stderr and exits 1. With -v
# it also prints, on stderr, every place it looked and what it found there.
#
# Search order:
#   1. $JAVA_HOME, if it is set and its bin/java is version 21 or later (it is
#      then used as is; when it is too old a note says so on stderr).
#   2. The usual JVM folders (globs):
#        /usr/lib/jvm/*  /usr/java/*  /opt/java/*  /opt/jdk*
#        /Library/Java/JavaVirtualMachines/*/Contents/Home
#        $HOME/Library/Java/JavaVirtualMachines/*/Contents/Home
#        $HOME/.sdkman/candidates/java/*  $HOME/.jdks/*
#        Homebrew: /opt/homebrew/opt/openjdk*/libexec/openjdk.jdk/Contents/Home
#                  /usr/local/opt/openjdk*/libexec/openjdk.jdk/Contents/Home
#   3. `java` on PATH, last.
#   Among 2 and 3 the highest version wins (full JDKs, with javac, are
#   preferred over JREs; at equal version the first found wins).
#
# The version comes from the JDK's `release` file (JAVA_VERSION="25.0.1",
# JAVA_VERSION="1.8.0_412" -> 8), falling back to `bin/java -version`.
#
# Environment:
#   JAVA_HOME          tried first (see above).
#   RELEARN_JVM_DIRS   colon-separated list of globs replacing the folder list
#                      of step 2 (e.g. "/opt/jdks/*:/srv/jdk-25"); used by the
#                      tests to search fake JDKs only.
#
# Portable: bash 3.2+ (macOS) and Linux. The search itself uses only bash
# builtins (no external tools), so it even works with an empty PATH.

# shellcheck disable=SC2034  # RELEARN_* results are read by the sourcing scripts
RELEARN_MIN_JAVA=21

# _relearn_java_version HOME -> prints the full version string ("" if unknown).
_relearn_java_version() {
  local home=$1 line v="" out re
  if [ -f "$home/release" ]; then
    while IFS= read -r line || [ -n "$line" ]; do
      case $line in
        JAVA_VERSION=*)
          v=${line#JAVA_VERSION=}
          v=${v//\"/}
          v=${v%$'\r'}
          break ;;
      esac
    done < "$home/release"
  fi
  if [ -z "$v" ] && [ -x "$home/bin/java" ]; then
    out=$("$home/bin/java" -version 2>&1) || true
    re='version "([^"]+)"'
    if [[ $out =~ $re ]]; then v=${BASH_REMATCH[1]}; fi
  fi
  printf '%s' "$v"
}

# _relearn_major VERSION -> prints the major version number ("" if unparsable).
_relearn_major() {
  local v=$1
  case $v in 1.*) v=${v#1.} ;; esac
  v=${v%%[!0-9]*}
  printf '%s' "$v"
}

# _relearn_resolve_link PATH -> follows symlinks (no readlink -f on old macOS).
_relearn_resolve_link() {
  local p=$1 target n=0
  while [ -L "$p" ] && [ $n -lt 40 ]; do
    target=$(readlink "$p") || break
    case $target in
      /*) p=$target ;;
      *) p=${p%/*}/$target ;;
    esac
    n=$((n + 1))
  done
  printf '%s' "$p"
}

relearn_find_java() {
  RELEARN_JAVA_HOME=""
  RELEARN_JAVA=""
  RELEARN_JAVA_MAJOR=""
  RELEARN_FIND_JAVA_REPORT=""

  local report="" seen=$'\n' note=""
  local best_home="" best_major=0 best_jdk=0
  local home version major phys jdk pattern d java_cmd label

  # --- 1. JAVA_HOME --------------------------------------------------------
  if [ -n "${JAVA_HOME:-}" ]; then
    home=${JAVA_HOME%/}
    [ -n "$home" ] || home=/
    if [ ! -x "$home/bin/java" ]; then
      report="$report  JAVA_HOME=$JAVA_HOME: no bin/java there"$'\n'
      note="JAVA_HOME=$JAVA_HOME has no bin/java"
    else
      version=$(_relearn_java_version "$home")
      major=$(_relearn_major "$version")
      if [ -n "$major" ] && [ "$major" -ge "$RELEARN_MIN_JAVA" ]; then
        # shellcheck disable=SC2034
        RELEARN_JAVA_HOME=$home
        RELEARN_JAVA=$home/bin/java
        RELEARN_JAVA_MAJOR=$major
        return 0
      elif [ -n "$major" ]; then
        report="$report  JAVA_HOME=$JAVA_HOME: version $major (too old)"$'\n'
        note="JAVA_HOME=$JAVA_HOME is version $major (too old)"
      else
        report="$report  JAVA_HOME=$JAVA_HOME: version unknown"$'\n'
        note="JAVA_HOME=$JAVA_HOME: version unknown"
      fi
    fi
  fi

  # --- 2. the usual folders --------------------------------------------------
  local dirs
  if [ -n "${RELEARN_JVM_DIRS:-}" ]; then
    dirs=$RELEARN_JVM_DIRS
  else
    dirs="/usr/lib/jvm/*:/usr/java/*:/opt/java/*:/opt/jdk*"
    dirs="$dirs:/Library/Java/JavaVirtualMachines/*/Contents/Home"
    dirs="$dirs:/opt/homebrew/opt/openjdk*/libexec/openjdk.jdk/Contents/Home"
    dirs="$dirs:/usr/local/opt/openjdk*/libexec/openjdk.jdk/Contents/Home"
    if [ -n "${HOME:-}" ]; then
      dirs="$dirs:$HOME/Library/Java/JavaVirtualMachines/*/Contents/Home"
      dirs="$dirs:$HOME/.sdkman/candidates/java/*:$HOME/.jdks/*"
    fi
  fi

  # _consider HOME LABEL: records HOME in the report and keeps the best one.
  _relearn_consider() {
    local home=$1 label=$2 version major phys jdk=0
    phys=$(cd -P "$home" 2>/dev/null && pwd -P) || phys=$home
    case $seen in
      *$'\n'"$phys"$'\n'*)
        report="$report  $label: same JDK as one listed above"$'\n'
        return 0 ;;
    esac
    seen="$seen$phys"$'\n'
    if [ ! -x "$home/bin/java" ]; then
      report="$report  $label: no bin/java (not a JDK)"$'\n'
      return 0
    fi
    [ -x "$home/bin/javac" ] && jdk=1
    version=$(_relearn_java_version "$home")
    major=$(_relearn_major "$version")
    if [ -z "$major" ]; then
      report="$report  $label: version unknown (could not read release file or run bin/java -version)"$'\n'
    elif [ "$major" -lt "$RELEARN_MIN_JAVA" ]; then
      report="$report  $label: version $major (too old)"$'\n'
    else
      if [ $jdk -eq 1 ]; then
        report="$report  $label: version $major"$'\n'
      else
        report="$report  $label: version $major (JRE only: no javac)"$'\n'
      fi
      if [ $jdk -gt $best_jdk ] || { [ $jdk -eq $best_jdk ] && [ "$major" -gt "$best_major" ]; }; then
        best_home=$home; best_major=$major; best_jdk=$jdk
      fi
    fi
  }

  local old_ifs=$IFS found
  local -a patterns
  IFS=: read -r -a patterns <<< "$dirs"
  for pattern in ${patterns[@]+"${patterns[@]}"}; do
    [ -n "$pattern" ] || continue
    found=0
    IFS=''            # glob expansion without word splitting (paths with spaces)
    for d in $pattern; do
      IFS=$old_ifs
      [ -e "$d" ] || continue
      [ -d "$d" ] || continue
      found=1
      d=${d%/}
      # A macOS bundle folder given directly: use its Contents/Home.
      if [ ! -e "$d/bin/java" ] && [ -x "$d/Contents/Home/bin/java" ]; then
        d=$d/Contents/Home
      fi
      _relearn_consider "$d" "$d"
    done
    IFS=$old_ifs
    [ $found -eq 1 ] || report="$report  $pattern: nothing there"$'\n'
  done

  # --- 3. java on PATH -------------------------------------------------------
  java_cmd=$(command -v java 2>/dev/null) || java_cmd=""
  if [ -z "$java_cmd" ]; then
    report="$report  java on PATH: none"$'\n'
  else
    d=$(_relearn_resolve_link "$java_cmd")
    d=${d%/*}        # .../bin
    home=${d%/*}     # the JDK home
    [ -n "$home" ] || home=/
    label="java on PATH ($java_cmd"
    [ "$home/bin/java" = "$java_cmd" ] || label="$label -> $home/bin/java"
    label="$label)"
    _relearn_consider "$home" "$label"
  fi

  unset -f _relearn_consider

  RELEARN_FIND_JAVA_REPORT=$report
  if [ -n "$best_home" ]; then
    # shellcheck disable=SC2034
    RELEARN_JAVA_HOME=$best_home
    RELEARN_JAVA=$best_home/bin/java
    RELEARN_JAVA_MAJOR=$best_major
    if [ -n "$note" ]; then
      printf 'relearn: note: %s; using %s (version %s) instead.\n' "$note" "$best_home" "$best_major" >&2
    fi
    if [ $best_jdk -eq 0 ]; then
      printf 'relearn: note: %s is a JRE (no javac); building relearn needs a full JDK %s or later.\n' "$best_home" "$RELEARN_MIN_JAVA" >&2
    fi
    return 0
  fi

  {
    printf 'relearn: relearn needs a JDK %s or later (Java %s+), but none was found.\n' "$RELEARN_MIN_JAVA" "$RELEARN_MIN_JAVA"
    printf 'Looked in:\n%s' "$report"
    printf 'To fix, either:\n'
    printf '  - install a JDK 21 or later (25 recommended), for example:\n'
    printf '      Debian/Ubuntu: sudo apt-get install openjdk-21-jdk   (or temurin-25-jdk from https://adoptium.net/installation/linux/)\n'
    printf '      Fedora/RHEL:   sudo dnf install java-21-openjdk-devel\n'
    printf '      macOS:         brew install --cask temurin\n'
    printf '      SDKMAN:        sdk install java 25-tem\n'
    printf '      or download one from https://adoptium.net/\n'
    printf '  - or, if one is already installed elsewhere, point JAVA_HOME at it:\n'
    printf '      export JAVA_HOME=/path/to/jdk-21-or-later\n'
  } >&2
  return 1
}

# Executed directly (not sourced): print the chosen JDK home.
if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  relearn_find_java || exit 1
  if [ "${1:-}" = "-v" ]; then
    if [ -n "$RELEARN_FIND_JAVA_REPORT" ]; then
      printf 'Looked in:\n%s' "$RELEARN_FIND_JAVA_REPORT" >&2
    else
      printf 'Using JAVA_HOME.\n' >&2
    fi
    printf 'Chosen: %s (version %s)\n' "$RELEARN_JAVA_HOME" "$RELEARN_JAVA_MAJOR" >&2
  fi
  printf '%s\n' "$RELEARN_JAVA_HOME"
fi
