package dev.relearn.eval.experiment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small BEIR collection written for tests: 30 topics, each with one relevant document that
 * shares fewer words with its queries than its two distractors do, so the first stage tends to
 * rank a distractor first and feedback has something to teach. Each topic has 4 train queries and 2
 * test queries, all phrased alike, so what is learned on train queries carries over.
 */
final class TinyBeir {
  static final int TOPICS = 30;
  private static final String[] ASKS = {"setup guide", "setup help", "setup steps",
      "setup howto", "setup tips", "setup question"};

  private TinyBeir() {}

  static Path write(Path dir) throws IOException {
    Files.createDirectories(dir.resolve("qrels"));
    StringBuilder corpus = new StringBuilder();
    StringBuilder queries = new StringBuilder();
    StringBuilder train = new StringBuilder("query-id\tcorpus-id\tscore\n");
    StringBuilder test = new StringBuilder("query-id\tcorpus-id\tscore\n");
    for (int t = 0; t < TOPICS; t++) {
      String name = "gadget" + t;
      corpus.append(doc(name + "-manual", name + " manual",
          "How to configure the " + name + " widget: setup from scratch."));
      corpus.append(doc(name + "-blog", name + " widget setup",
          "A blog about " + name + " widget setup guide help steps tips, with no real answer."));
      corpus.append(doc(name + "-ads", name + " widget setup offers",
          "Buy " + name + " widget setup howto question deals today."));
      for (int q = 0; q < ASKS.length; q++) {
        String id = "t" + t + "q" + q;
        queries.append("{\"_id\": \"").append(id).append("\", \"text\": \"").append(name)
            .append(" widget ").append(ASKS[q]).append("\"}\n");
        (q < 4 ? train : test).append(id).append('\t').append(name).append("-manual\t1\n");
      }
    }
    Files.writeString(dir.resolve("corpus.jsonl"), corpus);
    Files.writeString(dir.resolve("queries.jsonl"), queries);
    Files.writeString(dir.resolve("qrels/train.tsv"), train);
    Files.writeString(dir.resolve("qrels/test.tsv"), test);
    return dir;
  }

  private static String doc(String id, String title, String text) {
    return "{\"_id\": \"" + id + "\", \"title\": \"" + title + "\", \"text\": \"" + text
        + "\"}\n";
  }
}
