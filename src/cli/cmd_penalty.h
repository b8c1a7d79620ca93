/* cmd_penalty.h — `judge penalty`: the IPG (or the JAR at Regular REL) laid out for a floor
 * call, each step citing its section (cmd_penalty.c). */
#ifndef JUDGE_CMD_PENALTY_H
#define JUDGE_CMD_PENALTY_H
#include "cmd.h"

int cmd_penalty(struct jctx *c, int argc, char **argv);

#endif
