package dev.relearn.lucene.rerank;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.lucene.feedback.ChunkEvidence;
import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.feedback.PastQuery;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.Explanation;
import org.apache.lucene.search.ScoreDoc;
import org.apache.lucene.search.TermQuery;
import org.apache.lucene.search.TopDocs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The rescorer over an index relearn's indexer did not build, with evidence for one chunk. */
class PlainIndexRescoreTest {
  private static final float[] QUERY = {0.6f, 0.8f};
  private PlainIndex index;

  @BeforeEach
  void build() throws Exception {
    List<PlainIndex.Doc> docs = new ArrayList<>();
    for (int i = 0; i < 20; i++) {
      // one "apple" in ever longer bodies: BM25 scores fall smoothly with length
      String body = "apple" + " filler".repeat(i);
      docs.add(new PlainIndex.Doc(i == 13 ? null : "chunk-" + i, "docs/" + i + ".md", "markdown",
          body, LearnedValues.NEUTRAL));
    }
    docs.add(new PlainIndex.Doc("chunk-pear", "docs/pear.md", "markdown", "pear",
        LearnedValues.NEUTRAL));
    index = new PlainIndex(docs, 6);
  }

  @AfterEach
  void close() throws Exception {
    index.close();
  }

  private static FeedbackLookup evidenceFor(String chunkId) {
    PastQuery past = new PastQuery(0.92f, 3,
        Map.of(chunkId, new ChunkEvidence(20, 18, 10, 0)), 1_000L);
    return (vector, minSimilarity, max) -> List.of(past);
  }

  private static List<Integer> docs(TopDocs topDocs) {
    List<Integer> out = new ArrayList<>();
    for (ScoreDoc doc : topDocs.scoreDocs) {
      out.add(doc.doc);
    }
    return out;
  }

  @Test
  void evidenceMovesTheChunkUpAndLeavesTheCallersTopDocsAlone() throws Exception {
    assertTrue(index.reader.leaves().size() > 1, "several segments");
    TopDocs firstPass = index.searcher.search(new TermQuery(new Term(ChunkSchema.BODY, "apple")),
        20);
    assertEquals(20, firstPass.scoreDocs.length);
    ScoreDoc[] array = firstPass.scoreDocs;
    List<ScoreDoc> elements = List.of(array.clone());
    List<String> before = new ArrayList<>();
    for (ScoreDoc doc : array) {
      before.add(doc.toString());
    }
    int target = array[10].doc;
    String targetId = index.docs.get(target).id();

    LearnedRescorer rescorer =
        new LearnedRescorer(evidenceFor(targetId), QUERY, RerankOptions.DEFAULTS);
    TopDocs rescored = rescorer.rescore(index.searcher, firstPass, 20);

    List<Integer> order = docs(rescored);
    int newPosition = order.indexOf(target);
    assertTrue(newPosition < 10, "moved up from 10 to " + newPosition + ": " + order);
    List<Integer> othersBefore = new ArrayList<>(docs(firstPass));
    othersBefore.remove((Integer) target);
    List<Integer> othersAfter = new ArrayList<>(order);
    othersAfter.remove((Integer) target);
    assertEquals(othersBefore, othersAfter, "without evidence the others keep stage-one order");

    assertSame(array, firstPass.scoreDocs, "the caller's array is the same object");
    for (int i = 0; i < array.length; i++) {
      assertSame(elements.get(i), array[i]);
      assertEquals(before.get(i), array[i].toString(), "doc, score and shard unchanged");
      assertNotEquals(rescored.scoreDocs[0], array[i], "new ScoreDoc objects");
    }
    assertEquals(firstPass.totalHits, rescored.totalHits);

    Explanation explanation = rescorer.explain(index.searcher, firstPass, target);
    assertEquals(rescored.scoreDocs[newPosition].score, explanation.getValue().floatValue());
    String text = explanation.toString();
    assertTrue(text.contains("evidence n"), text);
    assertTrue(text.matches("(?s).*boost: value [0-9.]+ × weight 0.3 .*"), text);
  }

  @Test
  void aDocWithoutAnIdGetsNoBoostButIsRanked() throws Exception {
    TopDocs firstPass = index.searcher.search(new TermQuery(new Term(ChunkSchema.BODY, "apple")),
        20);
    LearnedRescorer rescorer =
        new LearnedRescorer(evidenceFor("chunk-13"), QUERY, RerankOptions.DEFAULTS);
    TopDocs rescored = rescorer.rescore(index.searcher, firstPass, 20);
    assertEquals(docs(firstPass), docs(rescored), "no doc carries chunk-13's id");
    assertNull(index.docs.get(13).id());
  }
}
