package dev.relearn.engine;

import java.lang.invoke.MethodHandle;
import java.lang.reflect.Array;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalLong;

/**
 * The calling thread's timer slack on Linux: how late the kernel may end its timed waits, to
 * batch wake-ups (50 µs by default). A 20 µs {@code LockSupport.parkNanos} therefore returns
 * after about 75 µs here, 26 µs with a slack of 1 µs. {@link LookupPrefetcher}'s worker lowers
 * its own slack, so its timed checks for work come as often as it asks; nothing else changes.
 *
 * <p>Java has no API for this: it is {@code prctl(PR_SET_TIMERSLACK)}, called through the
 * foreign function API. relearn targets Java 21, where that API is a preview, so the calls are
 * bound reflectively and only on Java 22 or later, on Linux, and when the JVM allows relearn's
 * module native access ({@code --enable-native-access}, which {@code bin/relearn} passes); a
 * library user who does not allow it gets no warning from the JVM, only the default slack. Why it
 * is unavailable is logged once, at debug level, and {@link #unavailable} says ({@code relearn
 * bench} prints it beside the learned mode's figures).
 */
public final class TimerSlack {
  private static final System.Logger LOG = System.getLogger(TimerSlack.class.getName());
  private static final int PR_SET_TIMERSLACK = 29;
  private static final int PR_GET_TIMERSLACK = 30;

  private TimerSlack() {}

  /** Sets the calling thread's timer slack to {@code nanos}; false where that is unavailable. */
  static boolean lower(long nanos) {
    if (nanos <= 0) {
      throw new IllegalArgumentException("timer slack must be positive, got " + nanos + " ns");
    }
    return Prctl.BOUND.available() && Prctl.BOUND.call(PR_SET_TIMERSLACK, nanos) == 0;
  }

  /** The calling thread's timer slack in nanoseconds, if it can be read. */
  static OptionalLong current() {
    long slack = Prctl.BOUND.available() ? Prctl.BOUND.call(PR_GET_TIMERSLACK, 0) : -1;
    return slack < 0 ? OptionalLong.empty() : OptionalLong.of(slack);
  }

  /**
   * Why the slack cannot be lowered in this JVM, e.g. {@code "native access is not enabled for
   * unnamed module @1b2c3d (java --enable-native-access=ALL-UNNAMED)"}, or empty when it can.
   */
  public static Optional<String> unavailable() {
    return Prctl.BOUND.available() ? Optional.empty() : Optional.of(Prctl.BOUND.reason());
  }

  /**
   * {@code prctl(int option, long arg2)} bound on first use, or why it could not be.
   *
   * @param handle the downcall, or null when unavailable
   * @param reason why it is unavailable, or empty
   */
  private record Prctl(MethodHandle handle, String reason) {
    private static final Prctl BOUND = bind();

    Prctl {
      if ((handle == null) == reason.isEmpty()) {
        throw new IllegalArgumentException("a handle or a reason, not both: " + reason);
      }
    }

    boolean available() {
      return handle != null;
    }

    long call(int option, long value) {
      try {
        return (int) handle.invokeExact(option, value);
      } catch (Throwable e) { // the handle's declared throws; prctl itself reports by its result
        throw new IllegalStateException("prctl(" + option + ", " + value + ") failed", e);
      }
    }

    private static Prctl bind() {
      String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
      if (!os.contains("linux")) {
        return none("not Linux (" + os + ")");
      }
      if (Runtime.version().feature() < 22) {
        return none("Java " + Runtime.version().feature() + " has no final foreign function API");
      }
      try {
        Module module = TimerSlack.class.getModule();
        if (!(boolean) Module.class.getMethod("isNativeAccessEnabled").invoke(module)) {
          String flag = "--enable-native-access="
              + (module.isNamed() ? module.getName() : "ALL-UNNAMED");
          return none("native access is not enabled for " + module + " (java " + flag + ")");
        }
        return new Prctl(downcall(), "");
      } catch (ReflectiveOperationException | RuntimeException e) {
        LOG.log(System.Logger.Level.DEBUG, "cannot bind prctl", e);
        return none("cannot bind prctl: " + e);
      }
    }

    /** {@code Linker.nativeLinker().downcallHandle(prctl, (int, long) -> int, variadic at 1)}. */
    private static MethodHandle downcall() throws ReflectiveOperationException {
      Class<?> linkerType = Class.forName("java.lang.foreign.Linker");
      Class<?> optionType = Class.forName("java.lang.foreign.Linker$Option");
      Class<?> layoutType = Class.forName("java.lang.foreign.MemoryLayout");
      Class<?> valueLayoutType = Class.forName("java.lang.foreign.ValueLayout");
      Class<?> descriptorType = Class.forName("java.lang.foreign.FunctionDescriptor");
      Class<?> segmentType = Class.forName("java.lang.foreign.MemorySegment");
      Class<?> symbolsType = Class.forName("java.lang.foreign.SymbolLookup");

      Object linker = linkerType.getMethod("nativeLinker").invoke(null);
      Object symbols = linkerType.getMethod("defaultLookup").invoke(linker);
      Object prctl = ((Optional<?>) symbolsType.getMethod("find", String.class)
          .invoke(symbols, "prctl")).orElseThrow(() -> new NoSuchMethodException("prctl"));
      Object javaInt = valueLayoutType.getField("JAVA_INT").get(null);
      Object[] parameters = (Object[]) Array.newInstance(layoutType, 2);
      parameters[0] = javaInt;
      parameters[1] = valueLayoutType.getField("JAVA_LONG").get(null);
      Object descriptor = descriptorType.getMethod("of", layoutType, parameters.getClass())
          .invoke(null, javaInt, parameters);
      Object[] options = (Object[]) Array.newInstance(optionType, 1);
      options[0] = optionType.getMethod("firstVariadicArg", int.class).invoke(null, 1);
      return (MethodHandle) linkerType
          .getMethod("downcallHandle", segmentType, descriptorType, options.getClass())
          .invoke(linker, prctl, descriptor, options);
    }

    private static Prctl none(String why) {
      LOG.log(System.Logger.Level.DEBUG, "timer slack stays at the kernel's default: {0}", why);
      return new Prctl(null, why);
    }
  }
}
