package dev.relearn.engine.weights;

import java.io.IOException;

/**
 * A saved weights file or a historical-feedback seed that cannot be read: the message names the
 * source (the file, when there is one) and the line, e.g. {@code ratings.csv, line 7: bad number
 * 'x' in 'keywords,1,0.4,x,0.3'}.
 */
public final class WeightsFileException extends IOException {
  private static final long serialVersionUID = 1L;

  private final int line;
  private final String problem;

  /**
   * @param source the file or other source read
   * @param line the 1-based line number of the problem
   * @param problem what is wrong with that line
   */
  public WeightsFileException(String source, int line, String problem) {
    super(source + ", line " + line + ": " + problem);
    this.line = line;
    this.problem = problem;
  }

  /** What is wrong with that line. */
  public String problem() {
    return problem;
  }

  /** The 1-based line number of the problem. */
  public int line() {
    return line;
  }
}
