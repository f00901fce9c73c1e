package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.chunk.Chunkers;
import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** A re-index chunks (and counts the tokens of) only the files that changed since indexed. */
class UnchangedFilesTest extends IndexBuilderFixture {
  /** Counts one token per character, with a limit no text here reaches; notes what it counts. */
  private static final class NotingCounter implements TokenCounter {
    final List<String> counted = Collections.synchronizedList(new ArrayList<>());
    private final int limit;

    NotingCounter(int limit) {
      this.limit = limit;
    }

    @Override
    public int limit() {
      return limit;
    }

    @Override
    public int count(String document) {
      counted.add(document);
      return document.length();
    }

    @Override
    public int fittingLength(String document, int tokens) {
      counted.add(document);
      return Math.min(document.length(), tokens);
    }

    boolean saw(String word) {
      synchronized (counted) {
        return counted.stream().anyMatch(text -> text.contains(word));
      }
    }
  }

  private final NotingCounter counter = new NotingCounter(100_000);

  private IndexReport index(Path root, Chunkers chunkers) throws IOException {
    counter.counted.clear();
    return index(new DirectorySource(root, chunkers));
  }

  @Test
  void onlyChangedFilesAreChunkedAgain() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\n\nAlpha.\n", "b.md", "# B\n\nBeta.\n",
        "Main.java", "class Main {\n  int gamma;\n}\n");
    Chunkers chunkers = new Chunkers(512, counter);
    IndexReport first = index(docs, chunkers);
    assertEquals(3, first.added(), first.summary());
    assertTrue(counter.saw("Alpha") && counter.saw("gamma"), "first run counts every file");

    IndexReport same = index(docs, chunkers);
    System.out.println("unchanged re-index counted " + counter.counted.size() + " windows");
    assertEquals(3, same.unchanged(), same.summary());
    assertEquals(0, same.added() + same.updated() + same.deleted(), same.summary());
    assertTrue(counter.counted.isEmpty(), "nothing changed, nothing chunked: " + counter.counted);

    Files.writeString(docs.resolve("b.md"), "# B\n\nBeta, revised.\n");
    IndexReport changed = index(docs, chunkers);
    assertEquals(1, changed.updated(), changed.summary());
    assertEquals(2, changed.unchanged(), changed.summary());
    assertTrue(counter.saw("Beta, revised"), "the changed file is chunked");
    assertFalse(counter.saw("Alpha") || counter.saw("gamma"), "the others are not");
    assertEquals(3, index(docs, chunkers).unchanged(), "and its new hash is recorded");
    assertTrue(counter.counted.isEmpty(), counter.counted.toString());
  }

  @Test
  void otherChunkingSettingsChunkEveryFileAgain() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\n\nAlpha.\n");
    index(docs, new Chunkers(512, counter));
    IndexReport other = index(docs, new Chunkers(256, counter));
    assertTrue(counter.saw("Alpha"), "another budget chunks again");
    assertEquals(1, other.unchanged(), "into the same chunk: " + other.summary());
    index(docs, new Chunkers(512, new NotingCounter(50_000)));
    assertTrue(counter.counted.isEmpty());
    index(docs, new Chunkers(512, counter));
    assertTrue(counter.saw("Alpha"), "another token limit chunks again");
  }

  @Test
  void aDeletedFileAddedBackIsIndexedAgain() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\n\nAlpha.\n", "b.md", "# B\n\nBeta.\n");
    Chunkers chunkers = new Chunkers(512, counter);
    index(docs, chunkers);
    Files.delete(docs.resolve("a.md"));
    assertEquals(1, index(docs, chunkers).deleted());
    Files.writeString(docs.resolve("a.md"), "# A\n\nAlpha.\n");
    IndexReport back = index(docs, chunkers);
    assertEquals(1, back.added(), back.summary());
    assertEquals(1, back.unchanged(), back.summary());
    assertTrue(counter.saw("Alpha") && !counter.saw("Beta"), counter.counted.toString());
  }

  @Test
  void aRunStoppedAfterACommitLeavesNoHashItsChunksDoNotMatch() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\n\nAlpha.\n", "b.md", "# B\n\nBeta.\n");
    Chunkers chunkers = new Chunkers(512, counter);
    index(docs, chunkers);
    Files.writeString(docs.resolve("a.md"), "# A\n\nAlpha, revised.\n");
    Files.writeString(docs.resolve("b.md"), "# B\n\nBeta, revised.\n");
    assertThrows(IllegalStateException.class, () -> IndexBuilderFixture.builder(writer, schema,
        failingAt(2), Progress.NONE).commitEvery(1)
        .index(new DirectorySource(docs, chunkers)));
    assertEquals(1, stored().stream().filter(s -> s.text().contains("revised")).count(),
        "one revised chunk was committed: " + stored());
    Files.writeString(docs.resolve("a.md"), "# A\n\nAlpha.\n"); // back to what was recorded
    Files.writeString(docs.resolve("b.md"), "# B\n\nBeta.\n");

    IndexReport back = index(docs, chunkers);
    assertEquals(1, back.updated(), back.summary());
    assertEquals(1, back.unchanged(), back.summary());
    assertTrue(stored().stream().noneMatch(s -> s.text().contains("revised")),
        "a.md's revised chunk was replaced: " + stored());
  }

  @Test
  void aFileWrittenInPartIsChunkedAgainUntilWhole() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\n\nAlpha.\n");
    Chunkers chunkers = new Chunkers(512, counter);
    index(docs, chunkers);
    Files.writeString(docs.resolve("a.md"),
        "# A\n\nAlpha, revised.\n\n## B\n\nBeta.\n\n## C\n\nGamma.\n");
    assertThrows(IllegalStateException.class, () -> IndexBuilderFixture.builder(writer, schema,
        failingAt(3), Progress.NONE).commitEvery(1)
        .index(new DirectorySource(docs, chunkers)));
    assertEquals(2, stored().size(), "two of its three chunks were committed: " + stored());

    IndexReport rest = index(docs, chunkers);
    assertTrue(counter.saw("Gamma"), "the file is chunked again");
    assertEquals(1, rest.added(), rest.summary());
    assertEquals(2, rest.unchanged(), rest.summary());
    IndexReport whole = index(docs, chunkers);
    assertEquals(3, whole.unchanged(), whole.summary());
    assertTrue(counter.counted.isEmpty(), "whole, it is not: " + counter.counted);
  }

  @Test
  void chunksIndexedWithoutStampsAreStampedOnceKeepingWhatTheyLearned() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\n\nAlpha.\n\n## B\n\nBeta.\n");
    Chunkers chunkers = new Chunkers(512, counter);
    List<Chunk> chunks = new ArrayList<>();
    new DirectorySource(docs, chunkers).read(chunks::add, problem -> {
      throw new AssertionError(problem.toString());
    });
    LearnedValues used = new LearnedValues(3, 2, 1, 0, 1_000);
    HashingEmbedder embedder = new HashingEmbedder();
    for (Chunk chunk : chunks) { // as an index written before stamps holds them
      writer.addDocument(schema.document(chunk,
          embedder.embedDocument(chunk.searchableText()), used, null));
    }
    writer.commit();

    IndexReport stamping = index(docs, chunkers);
    assertTrue(counter.saw("Alpha"), "without a stamp the file is chunked");
    assertEquals(2, stamping.unchanged(), stamping.summary());
    assertEquals(0, stamping.added() + stamping.updated() + stamping.deleted()
        + stamping.embedded(), stamping.summary());
    IndexReport stamped = index(docs, chunkers);
    assertEquals(2, stamped.unchanged(), stamped.summary());
    assertTrue(counter.counted.isEmpty(), "stamped, it is not: " + counter.counted);
    for (Chunk chunk : chunks) {
      assertEquals(used, learned(chunk.id()), chunk.id());
    }
  }

  @Test
  void aRenamedFileIsChunkedOnceUnderItsNewPath() throws IOException {
    Path docs = folder(dir.resolve("docs"), "a.md", "# A\n\nAlpha.\n", "b.md", "# B\n\nBeta.\n");
    Chunkers chunkers = new Chunkers(512, counter);
    index(docs, chunkers);
    Files.move(docs.resolve("a.md"), docs.resolve("c.md"));
    IndexReport moved = index(docs, chunkers);
    assertTrue(counter.saw("Alpha") && !counter.saw("Beta"), counter.counted.toString());
    assertEquals(1, moved.unchanged(), moved.summary());
    assertEquals(0, moved.embedded(), "its vector comes from the index: " + moved.summary());
    assertEquals(Set.of("docs/b.md", "docs/c.md"), paths());
    IndexReport again = index(docs, chunkers);
    assertEquals(2, again.unchanged(), again.summary());
    assertTrue(counter.counted.isEmpty(), counter.counted.toString());
  }
}
