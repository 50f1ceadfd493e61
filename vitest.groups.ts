/**
 * How the unit projects share the machine, in one place: Vitest runs the projects of one group order
 * together, in one pool whose size they must agree on, and the groups one after another.
 *
 * Every file but the timed drills runs in the first group, three files at once on two cores: server files
 * spend much of their time waiting on PostgreSQL, and a third file fills that wait (the whole unit run:
 * 305 s with two at once and the small projects after the drills, 254 s with three and every project in the
 * first group, 2026-12-08). Three server files hold at most six pools of ten connections, under
 * PostgreSQL's default ceiling of 100.
 */
export const firstGroup = { maxWorkers: 3, sequence: { groupOrder: 0 } };

/**
 * The timed drills (server/vitest.config.ts) run last, two at a time, where no neighbour's load but each
 * other's can stretch what they time: each spends its time waiting out a fault's time-out on a database,
 * bucket or server of its own (three runs in a row passed, 42-44 s against 58 s one at a time).
 */
export const lastGroup = { maxWorkers: 2, sequence: { groupOrder: 1 } };
