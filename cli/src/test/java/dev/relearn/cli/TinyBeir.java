package dev.relearn.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small BEIR collection for CLI tests: 12 gadgets with a manual and a blog post each, and four
 * queries per gadget, the first three in the train split and the last ({@code t<N>q3}, relevant:
 * the manual) in the test split. The queries file lists them by gadget, so the test queries'
 * file order (t0q3, t1q3, ..., t11q3) differs from their ids' sort order (t0q3, t10q3, ...).
 */
final class TinyBeir {
  private TinyBeir() {}

  /** Writes the collection into {@code root}/data/tiny and returns that folder. */
  static Path write(Path root) throws IOException {
    Path beir = Files.createDirectories(root.resolve("data/tiny"));
    Files.createDirectories(beir.resolve("qrels"));
    StringBuilder corpus = new StringBuilder();
    StringBuilder queries = new StringBuilder();
    StringBuilder train = new StringBuilder("query-id\tcorpus-id\tscore\n");
    StringBuilder test = new StringBuilder("query-id\tcorpus-id\tscore\n");
    String[] asks = {"setup guide", "setup help", "setup steps", "setup tips"};
    for (int t = 0; t < 12; t++) {
      String name = "gadget" + t;
      corpus.append(doc(name + "-manual", "How to configure the " + name + " widget setup."));
      corpus.append(doc(name + "-blog", name + " widget setup guide help steps tips blog."));
      for (int q = 0; q < asks.length; q++) {
        queries.append("{\"_id\": \"t").append(t).append('q').append(q).append("\", \"text\": \"")
            .append(name).append(" widget ").append(asks[q]).append("\"}\n");
        (q < 3 ? train : test).append('t').append(t).append('q').append(q).append('\t')
            .append(name).append("-manual\t1\n");
      }
    }
    Files.writeString(beir.resolve("corpus.jsonl"), corpus);
    Files.writeString(beir.resolve("queries.jsonl"), queries);
    Files.writeString(beir.resolve("qrels/train.tsv"), train);
    Files.writeString(beir.resolve("qrels/test.tsv"), test);
    return beir;
  }

  private static String doc(String id, String text) {
    return "{\"_id\": \"" + id + "\", \"text\": \"" + text + "\"}\n";
  }
}
