package dev.relearn.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.engine.config.ConfigLoader;
import dev.relearn.indexer.build.Progress;
import dev.relearn.indexer.source.SourceFormat;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.engine.search.Hit;
import dev.relearn.engine.search.SearchMode;
import dev.relearn.engine.search.SearchRequest;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Learned searches over a seeded corpus with seeded feedback (hashing model) rank exactly as
 * {@code learned-rankings.txt} records, with the default settings (docs/RANKING.md) but float32
 * vectors, so that the rankings do not move with the vector encoding (int8 moved 57 of the 60
 * top 20s, the top hit of 5, by reordering the hashing model's near-ties): a change that moves a
 * ranking shows here, and is either a defect or a reason to record the file anew.
 * Each line is one query's top 20, and every learned search also ranks as an explained search
 * does. With {@code -Drelearn.rankings.out=FILE} the rankings are also written to FILE, to record
 * them anew.
 */
class LearnedRankingGoldenTest {
  private static final String[] WORDS = ("alpha beta gamma delta epsilon zeta theta kappa lambda "
      + "sigma omega river stone cloud forest ember frost harbor lantern meadow orbit prism quartz "
      + "raven signal timber vector willow yarrow zenith anchor bridge cipher").split(" ");
  private static final int DOCS = 240;
  private static final int QUERIES = 60;
  private static final int K = 20;

  @TempDir Path tmp;

  @Test
  void learnedSearchesRankAsRecorded() throws Exception {
    Random random = new Random(2026);
    Path docs = Files.createDirectories(tmp.resolve("docs"));
    for (int i = 0; i < DOCS; i++) {
      Files.writeString(docs.resolve("note" + i + ".md"), "# " + words(random, 2) + "\n"
          + words(random, 4 + random.nextInt(8)) + "\n");
    }
    List<String> queries = new ArrayList<>();
    for (int i = 0; i < QUERIES; i++) {
      queries.add(words(random, 2 + random.nextInt(2)));
    }
    List<String> lines = new ArrayList<>();
    int moved = 0;
    Path index = Files.createDirectories(tmp.resolve("index"));
    Files.writeString(index.resolve(ConfigLoader.FILE),
        "{\"index\": {\"vectorEncoding\": \"float32\"}}");
    try (Relearn relearn = Relearn.open(index,
        RelearnOptions.defaults().withModel(ModelChoice.HASHING))) {
      relearn.index(docs, SourceFormat.AUTO, Progress.NONE);
      for (int q = 0; q < QUERIES / 2; q++) { // feedback on half the queries
        List<String> shown = ids(relearn, queries.get(q), SearchMode.HYBRID);
        for (int session = 0; session < 1 + random.nextInt(4); session++) {
          String used = shown.get(random.nextInt(Math.min(10, shown.size())));
          relearn.feedback(FeedbackRequest.of(queries.get(q), List.of(used))
              .withOutcome(random.nextBoolean() ? Outcome.SUCCESS : Outcome.FAILURE)
              .withIds("s" + q + "-" + session, null));
        }
      }
      for (String query : queries) {
        List<String> learned = ids(relearn, query, SearchMode.LEARNED);
        List<String> explained = relearn.explain(request(query, SearchMode.LEARNED)).results()
            .hits().stream().map(Hit::chunkId).toList();
        assertEquals(explained, learned, "an explained search ranks as a search does");
        if (!learned.equals(ids(relearn, query, SearchMode.HYBRID))) {
          moved++;
        }
        lines.add(String.join(" ", learned));
      }
    }
    System.out.println("learned rankings differing from hybrid: " + moved + " of " + QUERIES);
    assertTrue(moved >= QUERIES / 10, "the feedback moved rankings: " + moved);
    String out = System.getProperty("relearn.rankings.out");
    if (out != null) {
      Files.write(Path.of(out), lines);
    }
    List<String> recorded;
    try (InputStream in = getClass().getResourceAsStream("/learned-rankings.txt")) {
      recorded = new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().toList();
    }
    for (int q = 0; q < QUERIES; q++) {
      assertEquals(recorded.get(q), lines.get(q), "query " + q);
    }
  }

  private static String words(Random random, int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      text.append(i == 0 ? "" : " ").append(WORDS[random.nextInt(WORDS.length)]);
    }
    return text.toString();
  }

  private static SearchRequest request(String query, SearchMode mode) {
    return SearchRequest.of(query).withMode(mode).withK(K);
  }

  private static List<String> ids(Relearn relearn, String query, SearchMode mode)
      throws Exception {
    return relearn.search(request(query, mode)).hits().stream().map(Hit::chunkId).toList();
  }
}
