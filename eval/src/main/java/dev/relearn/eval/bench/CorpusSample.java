package dev.relearn.eval.bench;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.relearn.eval.beir.TextLines;
import dev.relearn.indexer.source.BeirCorpusSource;
import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.List;
import java.util.Random;
import java.util.stream.IntStream;

/**
 * A seeded sample of a BEIR corpus's documents, as its raw {@code corpus.jsonl} lines in corpus
 * order, that can be written as a corpus of its own and edited to make an incremental run.
 *
 * @param corpusFile the corpus sampled
 * @param corpusDocs the corpus's non-blank lines (its documents)
 * @param lines the sampled lines, in corpus order
 */
public record CorpusSample(Path corpusFile, int corpusDocs, List<String> lines) {
  private static final ObjectMapper JSON = new ObjectMapper();

  public CorpusSample {
    lines = List.copyOf(lines);
    if (lines.isEmpty()) {
      throw new IllegalArgumentException("corpus " + corpusFile + " has no documents to sample");
    }
  }

  /**
   * Draws {@code maxDocs} documents of the BEIR corpus at {@code path} (folder or corpus file) by
   * reservoir sampling with {@code seed}; a smaller corpus is taken whole.
   */
  public static CorpusSample draw(Path path, int maxDocs, long seed) throws IOException {
    if (maxDocs < 1) {
      throw new IllegalArgumentException("documents to sample must be at least 1, got: "
          + maxDocs);
    }
    Path corpus = corpusFile(path);
    Random random = new Random(seed);
    String[] kept = new String[maxDocs];
    long[] positions = new long[maxDocs];
    int seen = 0;
    try (BufferedReader reader = TextLines.open(corpus)) {
      for (String line = reader.readLine(); line != null; line = reader.readLine()) {
        if (line.isBlank()) {
          continue;
        }
        int slot = seen < maxDocs ? seen : random.nextInt(seen + 1);
        if (slot < maxDocs) {
          kept[slot] = line;
          positions[slot] = seen;
        }
        seen++;
      }
    }
    List<String> lines = IntStream.range(0, Math.min(seen, maxDocs)).boxed()
        .sorted(Comparator.comparingLong(i -> positions[i])).map(i -> kept[i]).toList();
    return new CorpusSample(corpus, seen, lines);
  }

  /** The corpus file of a BEIR folder, or {@code path} itself when it is a file. */
  static Path corpusFile(Path path) {
    if (Files.isRegularFile(path)) {
      return path;
    }
    if (!Files.isDirectory(path)) {
      throw new IllegalArgumentException("no such BEIR folder or corpus file: " + path);
    }
    for (String name : BeirCorpusSource.CORPUS_FILES) {
      if (Files.isRegularFile(path.resolve(name))) {
        return path.resolve(name);
      }
    }
    throw new IllegalArgumentException("folder " + path + " holds no BEIR corpus (looked for "
        + String.join(" and ", BeirCorpusSource.CORPUS_FILES) + ")");
  }

  /** The sampled documents. */
  public int size() {
    return lines.size();
  }

  /** Writes the sample as {@code folder/corpus.jsonl}, replacing it; returns the folder. */
  public Path writeTo(Path folder) throws IOException {
    Files.createDirectories(folder);
    Files.write(folder.resolve("corpus.jsonl"), lines, StandardCharsets.UTF_8);
    return folder;
  }

  /**
   * This sample with {@code count} documents (chosen with {@code seed}) edited: a sentence added to
   * their text, one changed chunk each; a line that is no JSON object stays.
   */
  public CorpusSample withEdits(int count, long seed) throws IOException {
    if (count < 0 || count > lines.size()) {
      throw new IllegalArgumentException("documents to change must be in [0, " + lines.size()
          + "], got: " + count);
    }
    List<Integer> indexes = new ArrayList<>(IntStream.range(0, lines.size()).boxed().toList());
    Collections.shuffle(indexes, new Random(seed));
    List<String> edited = new ArrayList<>(lines);
    for (int i : indexes.subList(0, count)) {
      try {
        if (JSON.readTree(lines.get(i)) instanceof ObjectNode doc) {
          doc.put("text", doc.path("text").asText("") + " Edited for the indexing benchmark.");
          edited.set(i, JSON.writeValueAsString(doc));
        }
      } catch (JsonProcessingException e) {
        continue; // left as it is: the indexer reports the bad line in every run alike
      }
    }
    return new CorpusSample(corpusFile, corpusDocs, edited);
  }
}
