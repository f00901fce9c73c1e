package dev.relearn.opensearch;

import java.io.BufferedReader;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.opensearch.client.Request;
import org.opensearch.common.network.NetworkAddress;
import org.opensearch.test.OpenSearchIntegTestCase.ClusterScope;
import org.opensearch.test.OpenSearchIntegTestCase.Scope;

/**
 * Search latency through a 3-node in-JVM cluster (3 shards, 1 replica) beside embedded, in one
 * run of relearn's own {@code bench --cluster URL} ({@code cli/target/relearn.jar}, in a child
 * process): it indexes the dataset on both sides, records the same simulated feedback on both
 * (with {@code --feedback-split}), then times every mode both ways. A benchmark, not a test: it
 * runs only when {@code relearn.bench.args} holds bench's arguments ({@code bin/bench-cluster}
 * sets them), and asserts only that the command succeeded.
 */
@ClusterScope(scope = Scope.SUITE, numDataNodes = 3, numClientNodes = 0)
public class ClusterLatencyBench extends RelearnClusterCase {
  private static final String INDEX = "bench";

  public void testLatencyBesideEmbedded() throws Exception {
    String args = System.getProperty("relearn.bench.args", "");
    assumeTrue("bench's arguments in relearn.bench.args (bin/bench-cluster)", !args.isBlank());
    Request shards = new Request("PUT", "/_index_template/relearn-bench");
    shards.setJsonEntity("{\"index_patterns\": [\"" + INDEX + "\"], \"template\": {\"settings\":"
        + " {\"index.number_of_shards\": 3}}}"); // the client's auto_expand_replicas gives 1
    getRestClient().performRequest(shards);
    InetSocketAddress http = cluster().httpAddresses()[0];
    List<String> command = new ArrayList<>(List.of(
        ProcessHandle.current().info().command().orElseThrow(), "--add-modules",
        "jdk.incubator.vector", "-jar",
        Path.of("..", "cli", "target", "relearn.jar").toAbsolutePath().toString(), "bench"));
    command.addAll(List.of(args.trim().split("\\s+")));
    command.addAll(List.of("--cluster", "http://" + NetworkAddress.format(http) + "/" + INDEX));
    System.out.println("3 data nodes, 3 shards x 1 replica: " + String.join(" ", command));
    Process bench = new ProcessBuilder(command).redirectErrorStream(true).start();
    try (BufferedReader out = bench.inputReader()) {
      out.lines().forEach(System.out::println);
    }
    assertEquals("relearn bench's exit status", 0, bench.waitFor());
  }
}
