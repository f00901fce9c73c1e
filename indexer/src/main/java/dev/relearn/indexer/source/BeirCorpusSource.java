package dev.relearn.indexer.source;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.indexer.chunk.TokenEstimator;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * A BEIR corpus: {@code corpus.jsonl} or {@code corpus.jsonl.gz} of {@code {"_id", "title",
 * "text"}} documents, given as the file or the folder holding it. Each document becomes one
 * {@link ChunkKind#RECORD} chunk, kept whole as the BEIR protocol requires, with id and path equal
 * to {@code _id} (else {@code id}, which a record with both may use for something else). Bad
 * lines and repeated ids are reported by line number and skipped.
 */
public final class BeirCorpusSource implements ChunkSource {
  /** The corpus file names looked for in a folder, in order of preference. */
  public static final List<String> CORPUS_FILES = List.of("corpus.jsonl", "corpus.jsonl.gz");

  private final Path root;
  private final Path corpus;

  /**
   * A source for a corpus file or a folder holding one.
   *
   * @throws IllegalArgumentException naming {@code path} when it is missing or a folder without
   *     a corpus file
   */
  public BeirCorpusSource(Path path) {
    Objects.requireNonNull(path, "path");
    this.root = path.toAbsolutePath().normalize();
    if (Files.isDirectory(root)) {
      this.corpus = findCorpus(root);
      if (corpus == null) {
        throw new IllegalArgumentException("folder " + path + " holds no BEIR corpus (looked for "
            + String.join(" and ", CORPUS_FILES) + ")");
      }
    } else if (Files.isRegularFile(root)) {
      this.corpus = root;
    } else {
      throw new IllegalArgumentException(Sources.missing(path));
    }
  }

  /** The corpus file in {@code folder}, or null when it has none. */
  static Path findCorpus(Path folder) {
    return CORPUS_FILES.stream().map(folder::resolve).filter(Files::isRegularFile).findFirst()
        .orElse(null);
  }

  @Override
  public String origin() {
    return root.toString();
  }

  /**
   * The other origin this corpus goes by: its corpus file when given as its folder; its folder
   * when given as the corpus file that folder reads; else null.
   */
  public String otherOrigin() {
    if (!root.equals(corpus)) {
      return corpus.toString();
    }
    Path folder = corpus.getParent();
    return folder != null && corpus.equals(findCorpus(folder)) ? folder.toString() : null;
  }

  @Override
  public void read(Consumer<Chunk> chunks, Consumer<SourceProblem> problems) throws IOException {
    JsonLines.read(corpus, corpus.getFileName().toString(), this::toChunk, chunks, problems);
  }

  private Chunk toChunk(ObjectNode object) throws BadRecordException {
    RecordFields fields = new RecordFields(object);
    String id = fields.id("_id", "id");
    String title = fields.optionalString("title", "");
    String text = fields.text(title);
    return new Chunk(id, origin(), id, ChunkKind.RECORD, title, List.of(), 0, 0,
        TokenEstimator.estimate(text), text);
  }
}
