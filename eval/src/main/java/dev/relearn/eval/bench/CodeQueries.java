package dev.relearn.eval.bench;

import dev.relearn.lucene.schema.Chunk;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.function.Consumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Seeded queries for a code corpus, drawn while its chunks stream past: a reservoir sample of the
 * first {@code window} chunks, each making one query of two identifiers it contains (e.g. {@code
 * "kmalloc GFP_KERNEL"}), as a person looking for the code that uses both would type.
 */
public final class CodeQueries implements Consumer<Chunk> {
  private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{3,40}");

  private final int window;
  private final Random random;
  private final String[] kept;
  private int seen;

  /** Keeps up to {@code count} chunks of the first {@code window}, chosen with {@code seed}. */
  public CodeQueries(int count, int window, long seed) {
    if (count < 1 || window < 1) {
      throw new IllegalArgumentException("count and window must be at least 1, got: " + count
          + ", " + window);
    }
    this.window = window;
    this.random = new Random(seed);
    this.kept = new String[count];
  }

  @Override
  public void accept(Chunk chunk) {
    if (seen >= window) {
      return;
    }
    int slot = seen < kept.length ? seen : random.nextInt(seen + 1);
    if (slot < kept.length) {
      kept[slot] = chunk.text();
    }
    seen++;
  }

  /**
   * The queries: two distinct identifiers of each kept chunk, picked with the seed; a chunk with
   * fewer than two makes none.
   */
  public List<String> queries() {
    List<String> queries = new ArrayList<>();
    for (String text : kept) {
      if (text == null) {
        continue;
      }
      Set<String> words = new LinkedHashSet<>();
      Matcher matcher = IDENTIFIER.matcher(text);
      while (matcher.find()) {
        words.add(matcher.group());
      }
      if (words.size() < 2) {
        continue;
      }
      List<String> list = new ArrayList<>(words);
      int first = random.nextInt(list.size());
      int second = (first + 1 + random.nextInt(list.size() - 1)) % list.size();
      queries.add(list.get(first) + " " + list.get(second));
    }
    return queries;
  }
}
