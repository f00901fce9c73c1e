package dev.relearn.cli;

import dev.relearn.engine.RelearnCluster;
import dev.relearn.engine.RelearnOptions;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.List;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/**
 * {@code --cluster URL} (or {@code RELEARN_CLUSTER}): the command runs against a chunk index on
 * an OpenSearch cluster with relearn's plugin ({@link RelearnCluster}) instead of the index
 * folder; the folder ({@code --index}) then only keeps, in {@value RelearnCluster#CLIENT_FOLDER},
 * the secret that sessions are hashed with.
 */
final class ClusterOption {
  /** The environment variable that gives the cluster when {@code --cluster} does not. */
  static final String VARIABLE = "RELEARN_CLUSTER";

  @Spec(Spec.Target.MIXEE) CommandSpec mixee;

  @Option(names = "--cluster", paramLabel = "URL", defaultValue = "${env:" + VARIABLE + "}",
      description = "OpenSearch cluster with relearn's plugin: http://host:9200/INDEX"
          + " (INDEX: relearn if none; default: $" + VARIABLE + ").")
  String cluster;

  /** Whether the command runs against a cluster. */
  boolean given() {
    return cluster != null && !cluster.isBlank();
  }

  /** Connects with {@code engine}'s model options; a bad address is a usage error. */
  RelearnCluster connect(EngineOptions engine) throws IOException {
    return connect(engine, engine.options(false));
  }

  /**
   * Connects with {@code options}, keeping the client's state in {@code engine}'s folder. The
   * options of an index folder's feedback are refused: the cluster stores vectors as sent and
   * syncs its own translog.
   */
  RelearnCluster connect(EngineOptions engine, RelearnOptions options) throws IOException {
    for (String local : List.of("--protect-query-vectors", "--feedback-durability")) {
      if (mixee.commandLine().getParseResult().hasMatchedOption(local)) {
        throw new ParameterException(mixee.commandLine(), local + " applies to an index folder,"
            + " not to --cluster: the cluster stores feedback as sent and syncs it before it"
            + " answers (docs/OPENSEARCH.md)");
      }
    }
    URI address = Errors.check(mixee, () -> {
      String refused = "--cluster must be a URL such as http://localhost:9200/notes, not '"
          + cluster.strip() + "'";
      try {
        URI uri = new URI(cluster.strip());
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())
            || uri.getHost() == null) {
          throw new IllegalArgumentException(refused);
        }
        return uri;
      } catch (URISyntaxException e) {
        throw new IllegalArgumentException(refused, e);
      }
    });
    return Errors.check(mixee, () -> RelearnCluster.connect(address,
        engine.index.resolve(RelearnCluster.CLIENT_FOLDER), options));
  }
}
