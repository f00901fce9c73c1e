package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TopDocs;
import org.apache.lucene.search.TotalHits;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * One session's clicks on the last chunk of a window whose tail is flat, through the rescorer
 * with a strong fitted trust: it passes at most {@code sessionPlaces} candidates, and none when
 * the session sent its query 32 times.
 */
class SessionBoundTest {
  private static final int DOCS = 40;
  private static final float[] QUERY = {1f, 0f};
  private static final LinearModel TRUSTED =
      new LinearModel(LinearModel.DEFAULT.weights(), 0.5, 2, 0.2, true, 3)
          .withWeight(Feature.BOOST, 50);
  private PlainIndex index;

  @BeforeEach
  void build() throws Exception {
    List<PlainIndex.Doc> docs = new ArrayList<>();
    for (int i = 0; i < DOCS; i++) {
      docs.add(new PlainIndex.Doc("c" + i, "src/" + i, "code", "body " + i, LearnedValues.NEUTRAL));
    }
    index = new PlainIndex(docs, 3);
  }

  @AfterEach
  void close() throws Exception {
    index.close();
  }

  @Test
  void oneSessionPassesAtMostItsPlacesAndARepeatingOneNone() throws Exception {
    assertEquals(DOCS - 1 - 3, positionOfLast(1), "one event: passes 3 candidates");
    assertEquals(DOCS - 1, positionOfLast(32), "32 repeats: a share of 1/32 passes none");
  }

  /** Where the last chunk of the window ends when one session sent {@code events} clicks on it. */
  private int positionOfLast(int events) throws Exception {
    ScoreDoc[] firstPass = new ScoreDoc[DOCS];
    for (int i = 0; i < DOCS; i++) { // a flat tail: 1.00, 0.99, ...
      firstPass[i] = new ScoreDoc(i, 1f - i * 0.01f);
    }
    String last = "c" + (DOCS - 1);
    PastQuery clicked = new PastQuery(1f, events, Map.of(last, new ChunkEvidence(1, 1, 1, 0)),
        0, 1, Set.of("one-session"));
    FeedbackLookup lookup = (vector, min, max) -> List.of(clicked);
    TopDocs rescored = new LearnedRescorer(lookup, QUERY,
        RerankOptions.DEFAULTS.withModel(TRUSTED)).rescore(index.searcher,
        new TopDocs(new TotalHits(DOCS, TotalHits.Relation.EQUAL_TO), firstPass), DOCS);
    for (int i = 0; i < DOCS; i++) {
      if (rescored.scoreDocs[i].doc == DOCS - 1) {
        return i;
      }
    }
    throw new AssertionError("the last chunk left the window");
  }
}
