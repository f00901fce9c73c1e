package dev.relearn.eval.experiment;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.relearn.engine.RelearnOptions;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.lucene.embed.ForwardingEmbedder;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/**
 * The evaluation's second index of a corpus embeds nothing: the shared embedder answers a
 * document text it embedded before, as it does a query.
 */
class SharedEmbedderTest {
  @Test
  void aDocumentTextIsEmbeddedOnceForEveryIndexOfTheEvaluation() {
    AtomicInteger documents = new AtomicInteger();
    ForwardingEmbedder counting = new ForwardingEmbedder(new HashingEmbedder()) {
      @Override
      public float[] embedDocument(String text) {
        documents.incrementAndGet();
        return super.embedDocument(text);
      }
    };
    try (SharedEmbedder shared =
        SharedEmbedder.of(RelearnOptions.defaults().withEmbedder(counting), 10)) {
      float[] first = shared.embedDocument("the tide table");
      first[0] = 42f; // a caller's copy: changing it changes nothing kept
      float[] again = shared.embedDocument("the tide table");
      assertEquals(1, documents.get(), "the second index's request is answered from memory");
      assertArrayEquals(new HashingEmbedder().embedDocument("the tide table"), again);
      shared.embedDocument("another text");
      assertEquals(2, documents.get());
    }
  }
}
