#!/usr/bin/env bash
# The plugin in a real OpenSearch 3.8.0 node: unzips the node (Maven's integ-test-zip), installs
# opensearch-plugin/target/relearn-opensearch-*.zip, starts the node on loopback (as nobody when
# run as root: OpenSearch refuses root), creates a chunk index (the test resource
# chunks-index.json, which ChunkIndexFileTest keeps equal to ChunkIndexDefinition), indexes two
# chunks, runs a learned search, records a feedback event twice; then relearn itself is the client
# (cli/target/relearn.jar, --cluster): it indexes a small corpus, searches, records feedback and
# searches again, forgets a session and re-indexes a renamed file; and the node is stopped by its
# pid. Checks that need the plugin to learn from events or to forget are skipped, saying so,
# while it does not. Fails with the node's log, never hangs: the node gets 120 s to answer, every
# request 10 s, every relearn command 30 s and all of them 120 s.
#
#   bash opensearch-plugin/src/test/node/real-node-test.sh    (after `mvn verify` packaged it all)
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../../../.." && pwd)
# shellcheck source=../../../../bin/lib/find-java.sh
. "$root/bin/lib/find-java.sh"
relearn_find_java
export JAVA_HOME=$RELEARN_JAVA_HOME OPENSEARCH_JAVA_HOME=$RELEARN_JAVA_HOME
zip=$(ls "$root"/opensearch-plugin/target/relearn-opensearch-*.zip)

work=$(mktemp -d /tmp/relearn-node.XXXXXX)
pid=
stop() {
  if [ -n "$pid" ] && kill -0 "$pid" 2>/dev/null; then
    kill "$pid"
    for _ in $(seq 1 30); do kill -0 "$pid" 2>/dev/null || break; sleep 1; done
    kill -9 "$pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap stop EXIT
fail() {
  echo "real-node test: $*" >&2
  tail -n 40 "$work"/node/logs/*.log "$work/start.log" 2>/dev/null >&2 || true
  exit 1
}

mvn -B -q org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
  -Dartifact=org.opensearch.distribution.integ-test-zip:opensearch:3.8.0:zip \
  -DoutputDirectory="$work" -Dmdep.stripVersion=true
unzip -q "$work/opensearch.zip" -d "$work"
mv "$work"/opensearch-3.8.0 "$work/node"
"$work/node/bin/opensearch-plugin" install --batch "file://$zip" >/dev/null

# shellcheck source=relearn-client.sh
. "$here/relearn-client.sh"
embedded_reference # before the node: the same corpus and feedback, ranked embedded

started=$(date +%s)
port=
for candidate in $(seq 19200 19299); do
  if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then port=$candidate; break; fi
done
[ -n "$port" ] || fail "no free port in 19200-19299"
as_user=()
if [ "$(id -u)" = 0 ]; then
  chmod 755 "$work"
  chown -R nobody "$work/node"
  as_user=(runuser -u nobody --)
fi
"${as_user[@]}" env OPENSEARCH_JAVA_HOME="$OPENSEARCH_JAVA_HOME" \
  OPENSEARCH_JAVA_OPTS="-Xms512m -Xmx512m" "$work/node/bin/opensearch" -d -p "$work/node/os.pid" \
  -Ediscovery.type=single-node -Enetwork.host=127.0.0.1 -Ehttp.port="$port" \
  -Etransport.port=19300-19399 >"$work/start.log" 2>&1 || fail "the node did not start"
url=http://127.0.0.1:$port
for _ in $(seq 1 60); do # the daemon writes its pid file once it has bootstrapped
  if [ -z "$pid" ] && [ -s "$work/node/os.pid" ]; then pid=$(cat "$work/node/os.pid"); fi
  curl -sf -m 2 "$url/" >/dev/null && break
  if [ -n "$pid" ] && ! kill -0 "$pid" 2>/dev/null; then fail "the node exited while starting"; fi
  sleep 2
done
[ -n "$pid" ] || fail "the node wrote no pid file within 120 s"
curl -sf -m 2 "$url/" >/dev/null || fail "the node did not answer within 120 s"
echo "real-node test: node $pid up on $url after $(( $(date +%s) - started )) s"

call() { # method path body expected-substring
  local answer
  answer=$(curl -s -m 10 -X "$1" "$url$2" -H 'Content-Type: application/json' --data-binary "$3") \
    || fail "$1 $2: no answer"
  case $answer in *"$4"*) ;; *) fail "$1 $2 answered $answer, not $4" ;; esac
}
call GET /_cat/plugins '' relearn
call PUT /chunks "$(cat "$root/opensearch-plugin/src/test/resources/dev/relearn/opensearch/chunks-index.json")" \
  '"acknowledged":true'
call POST '/_bulk?refresh=true' "$(printf '%s\n' \
  '{"index":{"_index":"chunks","_id":"c1"}}' '{"id":"c1","body":"brass reading lamp","vector":[0.6,0.8]}' \
  '{"index":{"_index":"chunks","_id":"c2"}}' '{"id":"c2","body":"socket buffer","vector":[0.8,0.6]}')"$'\n' \
  '"errors":false'
call POST /chunks/_relearn/search \
  '{"vector":[0.6,0.8],"terms":{"body":{"lamp":1}},"query_class":"keywords","k":2}' \
  '"hits":[{"id":"c1","score":0.7,'
call POST /_relearn/feedback '{"event_id":"e1","index":"chunks","vector":[0.6,0.8],"used":["c1"]}' \
  '"result":"recorded"'
call POST /_relearn/feedback '{"event_id":"e1","index":"chunks","vector":[0.6,0.8],"used":["c1"]}' \
  '"result":"duplicate"'

client_checks

stop
pid=
trap - EXIT
echo "1 passed, 0 failed: real-node test in $(( $(date +%s) - started )) s"
