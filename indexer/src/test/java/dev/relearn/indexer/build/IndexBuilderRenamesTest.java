package dev.relearn.indexer.build;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.indexer.embed.HashingEmbedder;
import dev.relearn.indexer.source.DirectorySource;
import dev.relearn.lucene.schema.ChunkSchema;
import dev.relearn.lucene.schema.LearnedValues;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.locks.ReentrantLock;
import org.apache.lucene.document.Field;
import org.apache.lucene.index.DirectoryReader;
import org.apache.lucene.index.Term;
import org.apache.lucene.search.IndexSearcher;
import org.apache.lucene.search.TermQuery;
import org.junit.jupiter.api.Test;

/**
 * A run tells its renames before the commit that holds the new ids, holding the writes lock from
 * its first write to that commit, so that the feedback store can make the renames durable first.
 */
class IndexBuilderRenamesTest extends IndexBuilderFixture {
  @Test
  void renamesAreToldUnderTheLockBeforeTheCommit() throws IOException {
    Path docs = Files.createDirectories(dir.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\nthe text that moves\n");
    index(docs);
    String oldId = stored().getFirst().id();
    Files.move(docs.resolve("a.md"), docs.resolve("b.md"));
    ReentrantLock writes = new ReentrantLock();
    List<String> seen = new ArrayList<>();
    IndexBuilder builder = new IndexBuilder(writer, schema,
        new HashingEmbedder(), Progress.NONE, writes, renamed -> {
          assertTrue(writes.isHeldByCurrentThread(), "the writes lock is held");
          String newId = renamed.get(oldId);
          seen.add(newId);
          assertEquals(0, committedCount(newId), "told before the commit holding " + newId);
        });
    IndexReport report = builder.index(new DirectorySource(docs));
    assertEquals(Map.of(oldId, seen.getFirst()), report.renamed());
    assertEquals(1, committedCount(seen.getFirst()), "then committed");
    assertFalse(writes.isLocked());
  }

  @Test
  void eachIntermediateCommitTellsItsRenamesFirst() throws IOException {
    Path docs = Files.createDirectories(dir.resolve("docs"));
    Files.writeString(docs.resolve("a.md"), "# A\none\n# B\ntwo\n# C\nthree\n");
    index(docs);
    Files.writeString(docs.resolve("a.md"), "# A\none, edited\n# B\ntwo, edited\n# C\nthree!\n");
    ReentrantLock writes = new ReentrantLock();
    Map<String, String> told = new java.util.HashMap<>();
    List<Integer> calls = new ArrayList<>();
    IndexBuilder builder = new IndexBuilder(writer, schema,
        new HashingEmbedder(), Progress.NONE, writes, renamed -> {
          assertTrue(writes.isHeldByCurrentThread(), "the writes lock is held");
          for (String newId : renamed.values()) {
            assertEquals(0, committedCount(newId), "told before the commit holding " + newId);
          }
          calls.add(renamed.size());
          told.putAll(renamed);
        }).commitEvery(1);
    IndexReport report = builder.index(new DirectorySource(docs));
    assertEquals(List.of(1, 1, 1), calls, "a commit per embedded chunk, each told first");
    assertEquals(report.renamed(), told);
    for (String newId : told.values()) {
      assertEquals(1, committedCount(newId), "then committed");
    }
  }

  @Test
  void theMovedTextKeepsWhatItLearnedNotNewTextUnderItsOldNameAndHeading() throws IOException {
    LearnedValues used = new LearnedValues(5, 3, 2, 1, 77L);
    Path docs = folder(dir.resolve("p/docs"), "guide.md",
        "# Install\n\nRun make install, then copy the binary to /usr/local/bin.\n");
    index(docs);
    writer.updateDocValues(ChunkSchema.idTerm(idAt("docs/guide.md")),
        used.toFields().toArray(new Field[0]));
    writer.commit();
    Files.move(docs.resolve("guide.md"), docs.resolve("install.md"));
    Files.writeString(docs.resolve("guide.md"), "# Install\n\nSee install.md.\n");
    index(docs);
    assertEquals(used, learned(idAt("docs/install.md")), "the text that learned, moved");
    assertEquals(LearnedValues.NEUTRAL, learned(idAt("docs/guide.md")), "new text, nothing");
  }

  @Test
  void aFileRenamedAndIndexedOnItsOwnBeforeItsFolderKeepsWhatItLearned() throws IOException {
    LearnedValues used = new LearnedValues(5, 3, 2, 1, 77L);
    Path docs = folder(dir.resolve("p/docs"), "a.md", "# A\n\nAlpha, the text that moves.\n",
        "b.md", "# B\n\nBeta.\n");
    index(docs);
    writer.updateDocValues(ChunkSchema.idTerm(idAt("docs/a.md")),
        used.toFields().toArray(new Field[0]));
    writer.commit();
    Files.move(docs.resolve("a.md"), docs.resolve("c.md"));
    index(docs.resolve("c.md")); // the renamed file, as a part of docs
    index(docs);
    assertEquals(Set.of("docs/b.md", "docs/c.md"), paths());
    assertEquals(used, learned(idAt("docs/c.md")), "what a.md learned");
  }

  private String idAt(String path) throws IOException {
    return stored().stream().filter(s -> s.path().equals(path)).findFirst().orElseThrow().id();
  }

  private long committedCount(String id) throws IOException {
    try (DirectoryReader reader = DirectoryReader.open(directory)) {
      return new IndexSearcher(reader).count(new TermQuery(new Term(ChunkSchema.ID, id)));
    }
  }
}
