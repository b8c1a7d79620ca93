/* cmd_html.h — `judge html DIR`: a static hyperlinked edition of the loaded index. */
#ifndef JUDGE_CMD_HTML_H
#define JUDGE_CMD_HTML_H
#include "cmd.h"

int cmd_html(struct jctx *c, int argc, char **argv);

#endif
