/**
 * An index's configuration (ranking, learning, exploration and the feedback checkpoint
 * interval): {@code relearn.json} in the index folder, overridden by {@code RELEARN_*}
 * environment variables. {@link dev.relearn.engine.config.RelearnConfig} is the file bound as
 * written, one validated record per section, with every default in {@link
 * dev.relearn.engine.config.RelearnConfig#DEFAULTS}; {@link
 * dev.relearn.engine.config.ConfigLoader} reads the file and the environment over the defaults (a
 * misspelt key or {@code RELEARN_*} variable is refused, not ignored).
 */
package dev.relearn.engine.config;
