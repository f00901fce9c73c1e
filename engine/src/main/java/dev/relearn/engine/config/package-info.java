/**
 * An index's configuration (ranking, learning, exploration and the feedback checkpoint
 * interval): {@code relearn.json} in the index folder, overridden by {@code RELEARN_*}
 * environment variables. {@link dev.relearn.engine.config.ConfigKey#ALL} lists every knob with
 * its default and range; {@link dev.relearn.engine.config.ConfigLoader} reads and validates (a
 * misspelt {@code RELEARN_*} variable is refused, not ignored); {@link
 * dev.relearn.engine.config.RelearnConfig} is the validated result the engine runs with.
 */
package dev.relearn.engine.config;
