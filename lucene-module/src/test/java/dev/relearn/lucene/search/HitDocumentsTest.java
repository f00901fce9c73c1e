package dev.relearn.lucene.search;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.relearn.lucene.fusion.FusedHit;
import dev.relearn.lucene.fusion.StageHit;
import dev.relearn.lucene.schema.ChunkKind;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValuesSource;
import dev.relearn.lucene.search.HybridSearcher.Candidates;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.lucene.search.IndexSearcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A search's stored documents: read once, read ahead while a wait lasts, reused by load. */
class HitDocumentsTest {
  @TempDir Path dir;
  private TestIndex index;
  private IndexSearcher searcher;
  private final HybridSearcher hybrid = new HybridSearcher(new ChunkSchema(TestIndex.DIM));

  @BeforeEach
  void build() throws Exception {
    List<dev.relearn.lucene.schema.Chunk> chunks = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      chunks.add(TestIndex.chunk("c" + i, "docs/" + i + ".md", ChunkKind.MARKDOWN,
          "cats and dogs " + "sleep ".repeat(i) + "chunk " + i));
    }
    index = new TestIndex(dir, chunks);
    searcher = index.searcher();
  }

  @AfterEach
  void close() throws Exception {
    searcher.getIndexReader().close();
    index.close();
  }

  @Test
  void eachDocumentIsReadOnceAndIsThatDocumentsStoredFields() throws Exception {
    HitDocuments documents = new HitDocuments(searcher);
    for (int doc = 0; doc < 12; doc++) {
      assertEquals("c" + doc, documents.document(doc).get(ChunkSchema.ID));
    }
    assertSame(documents.document(5), documents.document(5));
    assertEquals(12, documents.size());
  }

  @Test
  void readAheadTakesHitsInOrderWhileTheWaitLastsAndAtMostMax() throws Exception {
    List<FusedHit> hits = List.of(hit(7), hit(2), hit(9), hit(4), hit(0));
    AtomicInteger asked = new AtomicInteger();
    HitDocuments documents = new HitDocuments(searcher);
    documents.readAhead(hits, 4, () -> asked.incrementAndGet() <= 2);
    assertEquals(3, asked.get(), "asked before each read, and once to stop");
    assertEquals(2, documents.size());
    assertEquals("c7", documents.document(7).get(ChunkSchema.ID));
    assertEquals(2, documents.size(), "doc 7 was already read");

    assertEquals(4, readAhead(hits, 4, true).size());
    assertEquals(5, readAhead(hits, 10, true).size());
    assertEquals(0, readAhead(hits, 4, false).size());
  }

  @Test
  void loadTakesTheDocumentsReadAheadAndGivesWhatAFreshLoadGives() throws Exception {
    SearchRequest request = SearchRequest.of("cats sleep").withK(5);
    Candidates candidates = hybrid.candidates(searcher, request, TestIndex.vector("cats sleep"));
    // a second stage that read other hits ahead, then reversed the order it shows
    List<FusedHit> reversed = new ArrayList<>(candidates.fused());
    java.util.Collections.reverse(reversed);
    Candidates shown = new Candidates(reversed, candidates.lexicalCount(),
        candidates.semanticCount());
    HitDocuments documents = new HitDocuments(searcher);
    documents.readAhead(candidates.fused(), 5, () -> true);

    SearchResults reused =
        hybrid.load(searcher, request, shown, LearnedValuesSource.DOC_VALUES, documents);
    SearchResults fresh = hybrid.load(searcher, request, shown, LearnedValuesSource.DOC_VALUES);
    assertEquals(fresh, reused);
    assertEquals(5, reused.hits().size());
    assertEquals(10, documents.size(), "the 5 read ahead and the 5 shown from the other end");
  }

  private HitDocuments readAhead(List<FusedHit> hits, int max, boolean waiting)
      throws Exception {
    HitDocuments documents = new HitDocuments(searcher);
    documents.readAhead(hits, max, () -> waiting);
    return documents;
  }

  private static FusedHit hit(int doc) {
    return new FusedHit(doc, 1.0, new StageHit(doc, 1f, 1), null);
  }
}
