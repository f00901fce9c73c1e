package dev.relearn.indexer.chunk;

import dev.relearn.lucene.embed.TokenCounter;
import dev.relearn.lucene.schema.Chunk;
import dev.relearn.lucene.schema.ChunkKind;
import java.util.ArrayList;
import java.util.List;

/**
 * Cuts source code into {@link ChunkKind#CODE} windows of whole lines, at most a line limit and a
 * token budget each (by estimate, then by the model's own count: {@link TokenBudget}), without
 * overlap. Near the limit it prefers to cut before a declaration at low
 * indentation, with the annotations, decorators and comment lines right above it, or after a
 * blank line (see {@link CodeLines}); a line too long for the budget on its
 * own is hard-split. A window's title is its first declaration line that does not end with
 * {@code ;}, trimmed, or empty; a declaration is a line starting with a keyword ({@code class},
 * {@code def}, {@code static}, ...) or a function definition without one, as in C and C++ ({@link
 * CStyleFunction}), or the return type line of a GNU-style definition, whose title is that line
 * and the name's below ({@link GnuStyleFunction}). Its heading path is the declarations enclosing
 * its first line ({@link CodeLines#enclosing}). A window
 * without a letter or digit (the closing braces left over after the previous window) is no
 * chunk: there is nothing in it to find.
 */
public final class CodeChunker implements Chunker {
  /** The default line limit of a window. */
  public static final int DEFAULT_MAX_LINES = 60;

  private final int maxLines;
  private final TokenBudget budget;

  /**
   * A chunker with the given limits, whose windows the model of {@code counter} reads whole: a
   * window it would cut off is cut again into windows of whole lines, each as long as fits.
   *
   * @throws IllegalArgumentException naming {@code maxLines} when below 1 or {@code maxTokens}
   *     when below 8
   */
  public CodeChunker(int maxLines, int maxTokens, TokenCounter counter) {
    if (maxLines < 1) {
      throw new IllegalArgumentException("max lines must be >= 1, got: " + maxLines);
    }
    this.maxLines = maxLines;
    this.budget = new TokenBudget(new WindowSplitter(maxTokens, 0), counter);
  }

  @Override
  public List<Chunk> chunk(String origin, String path, String text) {
    CodeLines lines = new CodeLines(new LineIndex(LineIndex.normalize(text)));
    List<Chunk> drafts = new ArrayList<>();
    int n = lines.count();
    int s = lines.skipBlank(0);
    while (s < n) {
      if (lines.estimate(s, s) > budget.maxTokens()) {
        addLongLine(drafts, origin, path, lines, s);
        s = lines.skipBlank(s + 1);
        continue;
      }
      int e = s;
      while (e + 1 < n && e + 2 - s <= maxLines && lines.estimate(s, e + 1) <= budget.maxTokens()) {
        e++;
      }
      int next = e + 1 < n ? chooseNext(lines, s, e) : n;
      addFitting(drafts, origin, path, lines, s, next - 1);
      s = lines.skipBlank(next);
    }
    return ChunkIds.assign(drafts);
  }

  /**
   * Where the window after {@code s..e} starts: a strong, then a weak boundary, else e + 1; a
   * declaration's with its annotations and doc comment ({@link CodeLines#withPrelude}).
   */
  private static int chooseNext(CodeLines lines, int s, int e) {
    int earliest = s + Math.max(1, (e - s + 1) / 2);
    int weak = -1;
    for (int k = e + 1; k >= earliest; k--) {
      int strength = lines.boundaryBefore(k);
      if (strength == CodeLines.STRONG) {
        return lines.withPrelude(k, s);
      }
      if (strength == CodeLines.WEAK && weak < 0) {
        weak = k;
      }
    }
    return weak >= 0 ? weak : e + 1;
  }

  /**
   * Adds lines {@code first..last}, cut into windows of whole lines the model reads whole: each
   * as long as fits, shortened to a boundary that {@link #chooseNext} prefers.
   */
  private void addFitting(List<Chunk> drafts, String origin, String path, CodeLines lines,
      int first, int last) {
    int s = first;
    while (s <= last) {
      Chunk window = draft(origin, path, lines, s, last);
      if (window == null) {
        return;
      }
      int fitting = budget.fittingText(window);
      if (fitting == window.text().length()) {
        drafts.add(window);
        return;
      }
      // the lines before the one holding the first token beyond the budget fit
      int e = fitting < 0 ? s - 1 : lines.index().indexOf(lines.index().start(s) + fitting) - 1;
      if (e < s) { // its first line alone is too long for the model
        addLongLine(drafts, origin, path, lines, s);
        s = lines.skipBlank(s + 1);
        continue;
      }
      int next = chooseNext(lines, s, e);
      Chunk part = draft(origin, path, lines, s, next - 1);
      if (part != null) {
        drafts.add(part);
      }
      s = lines.skipBlank(next);
    }
  }

  /** Lines {@code first..last} without trailing blank lines, or null without a letter or digit. */
  private static Chunk draft(String origin, String path, CodeLines lines, int first, int last) {
    int end = last;
    while (end > first && lines.index().isBlank(end)) {
      end--;
    }
    String text = lines.index().lines(first, end);
    if (text.codePoints().noneMatch(Character::isLetterOrDigit)) {
      return null; // a lone "}" or "*/": nothing to search, and its vector would only add noise
    }
    return ChunkIds.draft(origin, path, ChunkKind.CODE, lines.title(first, end),
        lines.enclosing(first), first + 1, end + 1, text);
  }

  private void addLongLine(List<Chunk> drafts, String origin, String path, CodeLines lines,
      int line) {
    LineIndex index = lines.index();
    String title = lines.title(line, line);
    List<String> enclosing = lines.enclosing(line);
    drafts.addAll(budget.split(index.text(), index.start(line), index.end(line),
        span -> ChunkIds.draft(origin, path, ChunkKind.CODE, title, enclosing, line + 1, line + 1,
            index.text().substring(span.start(), span.end()))));
  }
}
