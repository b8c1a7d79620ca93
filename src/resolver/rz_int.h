/* rz_int.h — the resolver's private face, shared by its files only (layers, sba, combat,
 * stack, explain). Nothing outside src/resolver/ includes this. */
#ifndef JUDGE_RZ_INT_H
#define JUDGE_RZ_INT_H
#include "resolver.h"
#include "../base/buf.h"

#include <limits.h>

/* Checked arithmetic for amounts (damage, life, counters, power): a board can write
 * "deals 1000000000 damage", double it and lifelink it; the result saturates at INT_MAX
 * or INT_MIN instead of overflowing, which C leaves undefined. */
static inline int
rz_add(int a, int b)
{
	int r;
	return __builtin_add_overflow(a, b, &r) ? (b > 0 ? INT_MAX : INT_MIN) : r;
}

static inline int
rz_sub(int a, int b)
{
	int r;
	return __builtin_sub_overflow(a, b, &r) ? (b < 0 ? INT_MAX : INT_MIN) : r;
}

static inline int
rz_mul(int a, int b)
{
	int r;
	return __builtin_mul_overflow(a, b, &r) ? ((a < 0) != (b < 0) ? INT_MIN : INT_MAX) : r;
}

enum rz_rule {
	R_NONE = -1,
	R_DAMAGE_LIFE, R_DAMAGE_INFECT_PLAYER, R_DAMAGE_PW, R_DAMAGE_WITHER, R_DAMAGE_MARKED,
	R_DAMAGE_LIFELINK, R_COUNTER_PT, R_COUNTER_KW, R_LIFE, R_LAND_SUBTYPE, R_AURA_ILLEGAL_RULE,
	R_NEW_OBJECT, R_BLOCKED, R_COMBAT_ASSIGN, R_ASSIGN_POWER, R_ASSIGN_UNBLOCKED, R_ASSIGN_BLOCKED,
	R_ASSIGN_BLOCKER, R_ASSIGN_CHECK, R_COMBAT_DEALT, R_FIRST_STRIKE_STEP, R_TRIG_CONTROLLER,
	R_TRIG_APNAP, R_TRIG_TARGETS, R_INTERVENING_IF, R_LTB_TRIGGER, R_LOOK_BACK, R_CDA,
	R_RESOLVE_TARGETS, R_RESOLVE_FOLLOW, R_RESOLVE_INFO, R_RESOLVE_GRAVE, R_LOCKED_SET,
	R_STATIC_NOT_LOCKED, R_LAYERS, R_LAYER_CONTROL, R_LAYER_TYPE, R_LAYER_COLOR, R_LAYER_ABIL,
	R_LAYER_PT, R_CDA_FIRST, R_LAYER_7A, R_LAYER_7B, R_LAYER_7C, R_LAYER_7D, R_MULTI_LAYER,
	R_TIMESTAMP, R_TS_STATIC, R_TS_RESOLVED, R_TS_COUNTER, R_TS_ZONE, R_TS_ATTACH, R_DEPENDENCY,
	R_DEPENDENCY_ORDER, R_DEPENDENCY_AGAIN, R_REPLACE_INSTEAD, R_REPLACED_NEVER, R_PREVENTION,
	R_PREVENTED_NEVER, R_REPL_ORDER, R_REPL_ANY, R_REPL_REPEAT, R_DIES, R_DESTROY, R_EXILE,
	R_SACRIFICE, R_DEATHTOUCH_SBA, R_DEATHTOUCH_LETHAL, R_DOUBLE_STRIKE, R_FIRST_STRIKE,
	R_FLYING_BLOCK, R_HEXPROOF, R_HEXPROOF_PLAYER, R_GAIN_REPLACE, R_NO_TRIGGER, R_INDESTRUCTIBLE, R_LIFELINK, R_PROT_TARGET, R_PROT_ENCHANT,
	R_PROT_EQUIP, R_PROT_DAMAGE, R_PROT_BLOCK, R_SHROUD, R_TRAMPLE, R_TRAMPLE_NO_BLOCKERS,
	R_PERSIST, R_WITHER, R_INFECT, R_UNDYING, R_MENACE, R_LANDWALK, R_SBA_CHECK, R_SBA_LIFE, R_SBA_POISON,
	R_SBA_TOKEN, R_SBA_TOUGHNESS, R_SBA_LETHAL, R_SBA_DEATHTOUCH, R_SBA_LOYALTY, R_SBA_LEGEND,
	R_SBA_AURA, R_SBA_EQUIP, R_SBA_ATTACHED, R_SBA_COUNTERS, R_GRAVE_ORDER, R_ETB_TRIGGER, R_COUNTER_SPELL, R_REGENERATE, R_REGEN_REPLACES, R_CANT_REGEN, R_LAYER_COPY, R_COPIABLE, R_FIND_MOVED, R_TOKEN_GONE, R_WIN, R_DRAW,
	R_PERM_RESOLVE, R_PERM_ILLEGAL, R_AURA_RESOLVE, R_AURA_ENTERS, R_ENTERS_SELF_REPL, R_ENTERS_REPL, R_ENTERS_CHECK,
	R_TS_SIMUL, R_PW_ENTERS, R_DAMAGE_RESULTS, R_OPTIONAL, R_TRIGGER_EVENT, R_ATTACK_TAP, R_DECLARE_ATTACKERS,
	R_DECLARE_BLOCKERS, R_BEGIN_STEP, R_CAST_TRIGGER, R_ATTACK_TRIGGER, R_END_STEP_TRIG,
	R_BLOCK_TRIGGER, R_BLOCKED_TRIGGER, R_CLEANUP, R_CLEANUP_AGAIN, R_CAST,
	R_PROWESS, R_ABILITY_INDEPENDENT, R_COPY_OF_COPY, R_ACTIVATE, R_COST_ILLEGAL, R_MANA_ABILITY, R_LOYALTY_COST, R_COST_ORDER, R_DISCARD,
	/* rule-changing effects (prohibit.c) */
	R_CANT, R_CANT_GAIN_LIFE, R_CANT_LOSE_LIFE, R_NO_PREVENT, R_COUNTERS_ENTERING, R_COUNTER_TOKEN_REPL,
	R_DRAW_CARD, R_DRAW_MANY, R_DRAW_EMPTY, R_SBA_DRAW_EMPTY, R_DRAW_STEP, R_COPY_ENTERS, R_COPY_EXCEPT, R_COPY_TOKEN, R_UNTAP_STEP, R_TURN_UNTAP_TRIG, R_HAND_SIZE, R_TRIG_EACH, R_TURN, R_BATTLE_CRY, R_ATTACK_UNTAPPED, R_BLOCK_UNTAPPED, R_DEFENDER, R_ATTACK_RESTRICT, R_BLOCK_RESTRICT, R_FACE_DOWN, R_FACE_DOWN_REVEAL, R_FACE_UP, R_MORPH_UP, R_MANA_VALUE, R_TOKEN_ATTACKING, R_TOKEN_BLOCKING, R_BLOCK_EACH,
	/* choices on casting */
	R_MODES, R_MODES_ILLEGAL, R_CHOOSE_TARGETS, R_DIVIDE, R_ROUND_DOWN,
	/* costs of casting */
	R_TOTAL_COST, R_ALT_COST, R_KICKER, R_KICKED, R_PAY_LIFE, R_SAC_CHOOSE, R_CAST_ILLEGAL, R_CAST_REVERSED, R_ILLEGAL_ACTION, R_LINKED, R_OPTIONAL_SPELL, R_SET_TYPES, R_COPY_GAIN, R_DELAYED, R_DELAYED_OBJECT, R_AT_END_COMBAT, R_END_COMBAT_STEP, R_PUT_ONTO, R_BLOCK_PAIR,
	R_EQUIP, R_ATTACH, R_BASIC_MANA,
	R_MODES_TRIG, R_MODES_NONE, R_SICK, R_SICK_ACTIVATE, R_HASTE_ATTACK, R_HASTE_ACTIVATE, R_UNTAP_SYMBOL,
	R_ENTERS_CHOICE, R_WARD, R_SAGA_CHAPTER, R_SAGA_ENTERS, R_SAGA_MAIN, R_SAGA_SAC, R_SAGA_FINAL,
	R_SEARCH, R_SEARCH_FAIL, R_SHUFFLE, R_MANA_COST, R_EVOLVE, R_FADING, R_MANA_TRIGGER, R_TEXT_CHANGE, R_LAYER_TEXT,
	/* owners' zones, triggers put on the stack, delayed triggers, "until" exile */
	R_OWNER_ZONE, R_DURATION, R_DELAYED_ONCE, R_DELAYED_SPELL, R_DELAYED_ABILITY, R_UNTIL, R_UNTIL_GONE, R_UNTIL_OWNER,
	/* text-changing effects (text.c) */
	R_TEXT_TYPELINE, R_TEXT_SPELL_PERM, R_TEXT_TOKEN_NAME, R_REPL_BECOMES, R_ANNIHILATOR, R_EXALTED, R_EXALTED_EACH, R_ATTACK_ALONE, R_SCRY, R_SURVEIL, R_SCRY_TRIGGER, R_SURVEIL_TRIGGER, R_COPY_FIXED, R_SHIELD, R_REMOVED_COMBAT, R_RESOLVE_CHOICE, R_PROT, R_FEAR, R_INTIMIDATE, R_UNLESS_PAYS, R_CANT_CAST,
	/* hands and libraries, damage dealt "this way" (issue 13, res8a) */
	R_DISCARD_CHOICE, R_MILL, R_MILL_MAX, R_REVEAL, R_EMBLEM, R_EMBLEM_WORKS, R_COST_GENERIC, R_ACT_COST, R_GRAVE_TARGET,
	R_COUNT
};

const char *rz_cite(enum rz_rule r);

struct rz;
/* The object whose copiable values (707.2) an object has: itself, or what it copies (613.2a),
 * following copies of copies. Its abilities are the ones the object has before layer 6. */
const struct bd_obj *rz_printed(const struct rz *z, int o);
/* o's copiable values (707.2): what it copies, or itself, as printed — without the
 * text-changing effects on it, which are not copied */
const struct bd_obj *rz_copiable(const struct rz *z, int o);
/* Is o a face-down permanent, or a copy of one (708.2a, 707.2)? */
bool rz_face_down(const struct rz *z, int o);

/* Characteristics after the layer system: struct rz_view plus which printed abilities
 * the object still has. */
#define RZ_MAXABIL 64   /* printed abilities whose loss is tracked; later ones always stay */
struct rz_chars {
	struct rz_view v;
	bool abil_on[RZ_MAXABIL];
};
/* Does the object still have its printed ability k after the layers (613.1f)? */
static inline bool
rz_has_abil(const struct rz_chars *c, int k)
{
	return k >= RZ_MAXABIL || c->abil_on[k];
}

/* A permanent's characteristics now, or as it last existed on the battlefield (608.2h). */
#define rz_now_or_last(z, o) ((z)->b->objs[o].zone == ZN_BATTLEFIELD ? &(z)->cur[o].v : &(z)->lki[o].v)

/* A continuous effect from a resolved spell or ability (611.2): locked set, own timestamp. */
struct rz_rfx {
	const struct bd_part *parts;
	int nparts;
	int *locked;             /* as many as it affected: no limit (freed by rz_rfx_drop) */
	int *lockseq;            /* each locked object's zone move as it was locked (400.7) */
	int nlocked;
	long ts;
	int controller;          /* for control-changing effects */
	char label[96];
	bool until_eot;
	/* "for as long as ~ remains on the battlefield" (1) / "you control ~" (2): the source, its
	 * zone move and controller as the effect began (611.2b); while_kind 0 for none */
	int while_kind, while_src, while_seq, while_ctl;
	unsigned chosen_colors;  /* a part's "protection from the color of your choice": the color chosen */
};

/* A triggered ability waiting for the stack or on it. */
struct rz_trig {
	int src;                 /* object whose ability triggered */
	int abil;                /* ability index, or -1 for persist/undying keywords */
	int kw;                  /* KW_PERSIST / KW_UNDYING when abil < 0 */
	const struct bd_abil *ab;  /* the ability itself (a copy's ability lives on what it copies) */
	int controller;          /* 603.3a */
	int subject;             /* the object the trigger event was about (the dying creature) */
	int subject_zone_seq;    /* the zone move the event made, to find the card later (400.7) */
	int power;               /* last known power of the source, for "damage equal to its power" */
	bool had_m1m1, had_p1p1; /* last known counters, for persist/undying (603.4) */
	int amount;              /* how much life or damage the event was about ("that much") */
	bool delayed;            /* a delayed triggered ability (603.7): ab is its record's */
	int drec;                /* delayed: its record, z->delayed[drec] */
	/* its targets, chosen as it is put on the stack (603.3d, 601.2c) and checked again as it
	 * resolves (608.2b); tg_set says they were chosen, tg_default that judge chose them */
	struct bd_ref tg[2 * BD_MAXTGT];   /* one per target spec, then a spec's further ones */
	int ntg;
	int div[2 * BD_MAXTGT];  /* each target's share of damage divided as it was put there (601.2d) */
	bool tg_set, tg_default;
	int src_seq;             /* the source's zone move as it triggered: has it left since (610.3b)? */
	int hold;                /* 1 + the index of the board's `resolve NAME's ability` event it
	                          * waits on the stack for, or 0 (it resolves as soon as it can) */
	int ev_player;           /* the player the event was about ("that player"), or -1 */
};

/* A delayed triggered ability (603.7) waiting for its step. One that refers to particular
 * objects or players ("that card", "it") keeps them with the zone each was in as it was
 * created, to find them later only if they are still there (603.7c). */
struct rz_delayed {
	enum bd_step step;
	bool yours;              /* "your next upkeep": only its controller's */
	int src, controller;     /* 603.7d-e */
	bool fired;              /* 603.7b: it triggers once */
	bool particular;         /* refs are what it acts on; else its instruction finds them as it resolves */
	struct bd_ref *refs;     /* as many as it refers to: no limit */
	enum bd_zone *zone;
	int *seq;                /* each object's zone move as it was created (400.7) */
	int nrefs;
	char text[240];
	struct bd_abil ab;       /* what it does, as a triggered ability */
};

/* A rule-changing effect of a spell that resolved ("players can't gain life this turn"). */
struct rz_rulefx {
	struct bd_rule r;
	int src, controller;
	char label[96];
};

/* Triggered abilities waiting or on the stack at once: the arrays grow as needed; this many
 * means a loop the players must break by other rules (judge says so and stops). */
#define RZ_MAXTRIG 100000
#define RZ_MAXTOKENS 512    /* new objects (tokens) a board may create; room is made up front,
                             * since pointers into b->objs are held: rz_room_for() says so and
                             * stops the board rather than create fewer than it should */

struct rz {
	struct board *b;
	size_t room;             /* objects the per-object arrays hold (b->objcap may be more):
	                          * tokens are made only within it (rz_room_for) */
	struct rz_chars *cur;    /* one per object, recomputed by rz_layers() */
	struct rz_chars *lki;    /* last known information when an object left the battlefield */
	struct rz_result *res;
	struct rz_rfx *rfx;      /* grown as effects are created: no limit */
	int nrfx;
	size_t rfxcap;
	bool fog;                /* all combat damage is prevented this turn */
	struct rz_trig *pending;  /* grown by rz_trig_room(), so take no pointer into it across that */
	int npending;
	size_t pendcap;
	struct rz_trig *stack;
	int nstack;
	size_t stackcap;
	int zseq;                /* counts zone moves, for graveyard order and 400.7 */
	int *moveseq;            /* per object: the zseq of its last move */
	int *attseq;             /* per object: its host's moveseq when it became attached */
	bool *noted;             /* per object: indestructible survival already explained */
	bool *saga_noted;        /* per object: said that a Saga without chapter abilities stays (714.4) */
	char **dname;            /* per object: "Name [alias]" when it has an alias */
	bool game_over;
	int sba_checks;
	bool trace_layers;       /* say how layers ordered effects (first pass only) */
	bool fs_step;            /* a first-strike combat damage step happened (510.4) */
	/* each object's characteristics as blockers were declared (509.1): at the start for
	 * blocks the board states, else at its declare blockers step; the legality notes on
	 * blocks read these, since what a creature gains later doesn't undo a block (509.1h) */
	struct rz_view *blk_view;
	bool *fs_dealt;          /* per object: dealt damage in that step */
	struct rz_rulefx *rulefx;   /* until end of turn (514.2): no limit */
	int nrulefx;
	size_t rulefxcap;
	bool cant_lose_noted[BD_MAXPLAYERS];
	int entering;            /* 1 + the object being given the counters it enters with (122.6), or 0 */
	int putter;              /* the player putting counters now (122.6a: the controller of the
	                          * spell or ability, of the source dealing wither damage), or -1:
	                          * the controller of the object they are put on */
	int revealed;            /* the card an "reveal the top card" instruction just revealed, or -1 */
	bool lib_noted[BD_MAXPLAYERS];  /* said that an undescribed library is taken as big enough */
	bool *no_untap;          /* per object: doesn't untap during its controller's next untap step */
	unsigned *restrict_turn; /* per object: RS_* restrictions from resolved effects, this turn */
	/* per object, this turn: dealt damage by an instruction that says what happens to a creature
	 * "dealt damage this way" (bits: 1 can't be regenerated, 701.19c; 2 exiled if it would die,
	 * 614.1a), 1 + that spell (way_src), for the object it was then (way_seq: its moveseq) */
	unsigned *dealt_way;
	int *way_src, *way_seq;
	/* the spell resolving whose damage is divided (601.2d): 1 + its index, or 0; and how
	 * many targets the division was among as it was cast */
	int div_obj1, div_k;
	bool entered_choice;     /* the last rz_enter_replacements() had a choice made (614.12a) */
	/* linked abilities (607.2a), per object: bf_seq is its moveseq when last seen on the
	 * battlefield (which object it was there, 400.7); an exiled card's link_src is 1 + the
	 * object whose ability exiled it, link_inc that object's bf_seq then, link_seq the card's
	 * own moveseq as it was exiled */
	int *bf_seq, *link_src, *link_inc, *link_seq;
	bool *link_until;        /* per exiled card: exiled "until" link_src leaves the battlefield (610.3) */
	struct rz_delayed **delayed;   /* each allocated once: triggers point into them */
	int ndelayed;
	size_t delcap;
	int last_put;            /* the object an earlier instruction put onto the battlefield ("that creature"), or -1 */
	int evi;                 /* the index of the board's event being followed */
	/* per object: the ability a copy effect's exception gives it ("and it has \"...\"", 707.9b),
	 * read on first use; gained_read 1 read, -1 unreadable, 0 not yet */
	struct bd_abil *gained;
	signed char *gained_read;
	/* text-changing effects (612, layer 3), per object: the object as it was before its text
	 * was first changed (its copiable values, 707.2, kept until the resolver ends since
	 * triggered abilities may point at its abilities), or NULL; text_seq is its moveseq when
	 * the change applied, or -1 once the change has ended (400.7: it left its zone) */
	struct bd_obj **unchanged;
	int *text_seq;
	/* the changed abilities of objects that left while their triggered abilities waited or
	 * were on the stack (603.10a: those look back at the changed text), owned here */
	struct bd_abil **kept_text;
	int nkept_text;
	size_t kept_cap;
	/* summoning sickness (302.6), per object: sick is true once it entered the battlefield or
	 * changed controller during the board (or the board marks it `sick`), until its
	 * controller's next turn begins; seen_* is how the last layer pass saw it */
	/* the abilities modal triggered abilities became once their modes were chosen (700.2b) */
	struct bd_abil **modal;
	int nmodal;
	size_t modalcap;
	bool *sick, *seen_bf;
	/* per object: which of its first 64 static abilities with an "as long as" condition held
	 * at the last layer pass, so a step says when one starts or stops applying (611.3a) */
	uint64_t *cond_on;
	int *combat_ctl;         /* per object: its controller as it was first seen attacking or
	                          * blocking, or -1 out of combat (506.4) */
	int *lethal_then;        /* per object: the toughness it had when dealt damage lethal for it,
	                          * until the next state-based action check; -1 for none (704.3) */
	long *cond_ts;           /* per object: its timestamp at that look, 0 off the battlefield */
	long *seen_ts;
	int *seen_ctl;
	bool sick_init;
};

/* text.c: text-changing effects (612, layer 3). rz_change_text follows effect e of src on
 * spell or permanent o; rz_text_ends gives an object that left its zone its printed text
 * again (400.7), from rz_layers; rz_text_free releases the kept texts (n objects). */
void rz_change_text(struct rz *z, const struct bd_effect *e, int o, int src, const char *sname);
void rz_text_ends(struct rz *z);
/* says (in t) that the text-changing effect on what o copies is not copied, if there is one */
void rz_text_not_copied(const struct rz *z, int o, struct sbuf *t);
void rz_text_free(struct rz *z, size_t n);

/* explain.c */
void rz_step(struct rz *z, const enum rz_rule *rules, int nrules, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
#define STEP(z, rs, ...) do { const enum rz_rule rz_r_[] = { rs }; \
	rz_step((z), rz_r_, (int)(sizeof rz_r_ / sizeof *rz_r_), __VA_ARGS__); } while (0)
#define RL(...) __VA_ARGS__
const char *rz_pname(const struct rz *z, int p);
const char *rz_oname(const struct rz *z, int o);
/* Keywords and protections, "flying, protection from red" ("" for none). */
void rz_kw_str(const struct rz_view *v, char *out, size_t cap);

/* layers.c */
void rz_layers(struct rz *z);
bool rz_filter_match(const struct rz *z, const struct bd_filter *f, int obj, int src, int src_ctl);
bool rz_is(const struct rz *z, int o, unsigned type);
/* Each ability of one kind that a permanent on the battlefield has now (613.1f), in board
 * order: `for (struct rz_abil_it it = {0}; rz_next_abil(z, AK_TRIGGER, &it);)` gives it.s
 * (the permanent), it.k (its printed ability's index), it.a and it.ctl (its controller). The
 * board may change between calls; each call looks at it as it is then. */
struct rz_abil_it {
	int s, k, ctl;
	const struct bd_abil *a;
	bool started;
};
bool rz_next_abil(const struct rz *z, enum bd_akind kind, struct rz_abil_it *it);
int rz_host(const struct rz *z, int o);
/* Does an "as long as" or intervening "if" condition of src's ability hold now? */
bool rz_cond_holds(const struct rz *z, const struct bd_cond *c, int src);
/* Say which conditional static abilities started or stopped applying since the last call
 * (611.3a); the first call only looks. Called as the board settles, after the layers. */
void rz_cond_changes(struct rz *z);
int rz_opponent(const struct rz *z, int p);
/* A player's place in APNAP order (101.4): 0 for the active player, then turn order. */
int rz_apnap_rank(const struct rz *z, int p);

/* events.c */
struct rz_dmg {
	int src;                 /* object, or -1 */
	struct bd_ref to;
	int amount;
	bool combat;
	/* the source's characteristics as it deals damage (702.2e, 702.15c: last known) */
	uint32_t kws;
	unsigned colors, types;
	int controller;
	bool is_spell;
	const char *src_name;
	int dealt;               /* set by rz_deal_damage(): how much was dealt after prevention */
};
void rz_deal_damage(struct rz *z, struct rz_dmg *d, int n, const char *why);
enum rz_move_why { MV_DESTROY, MV_SBA_GRAVE, MV_SACRIFICE, MV_EXILE, MV_BOUNCE, MV_DESTROY_SBA, MV_DISCARD, MV_MILL };
struct rz_move {
	int obj;
	enum bd_zone to;
	enum rz_move_why why;
	enum rz_rule rule;
	char reason[160];
	int replaced_by;         /* 1 + the object whose replacement effect exiles it, or 0 */
};
/* Move objects at once. The step's text starts with prefix (may be NULL) and cites the
 * moves' rules plus extra (R_NONE for none). */
void rz_move(struct rz *z, struct rz_move *mv, int n, const char *prefix, enum rz_rule extra);
/* o's own "shuffle it into its owner's library instead" (1 + o, or 0); where a graveyard
 * replacement rep (1 + its source) sends o, and the words for it */
int rz_grave_self(const struct rz *z, int o);
enum bd_zone rz_grave_repl_zone(const struct rz *z, int o, int rep);
const char *rz_grave_repl_text(const struct rz *z, int o, int rep);
void rz_settle(struct rz *z);      /* SBAs until none, then triggers to the stack and resolve */
/* A triggered ability waits for the stack (603.3): the pending entry, or NULL when there is no
 * room or the ability is one judge can't read (then the resolving stops there, 603.3 needs
 * its text: res->unread says which). */
struct rz_trig *rz_pend(struct rz *z, int src, int abil, int kw, int ctl, int subject, int power);
/* Make room for one more triggered ability waiting (and for all those waiting on the stack);
 * false only past RZ_MAXTRIG, a loop: judge then says so and stops, never dropping one
 * silently. It may move z->pending and z->stack. */
bool rz_trig_room(struct rz *z);
/* Is there room for k new objects (tokens)? If not, judge says so (what creates them, the
 * board's line) and stops. */
bool rz_room_for(struct rz *z, int k, const char *what);
int rz_grave_replacer(const struct rz *z, int o);
/* Put counters on o, through "can't" effects (122.6) and counter replacement effects
 * (614.16); returns how many were put. */
int rz_put_counters(struct rz *z, int o, const struct bd_ctr *c, const char *why);
/* The same for counters put as a cost (a loyalty cost, 606.4): "if an effect would put
 * counters" replacements don't apply (614.16). */
int rz_put_counters_cost(struct rz *z, int o, const struct bd_ctr *c);
void rz_life(struct rz *z, int p, int delta, const char *why);
/* Player p draws n cards one at a time (121.1-2): the top named card of their library, then
 * the unnamed ones; from an empty library the draw fails and p loses at the next check
 * (121.4, 704.5b). why starts the step's text; rule is cited with 121.1. */
void rz_draw(struct rz *z, int p, int n, const char *why, enum rz_rule rule);
/* The top card of player p's library that the board names, or -1. */
int rz_library_top(const struct rz *z, int p);
/* The board's `choose SOURCE: CHOICE` for object o (lower case), or NULL. */
const char *rz_choice(const struct rz *z, int o);
/* What o chose as it entered ("As ~ enters, choose a creature type"): its `chosen` line, or
 * the board's `choose` line; NULL when nothing was chosen. */
const char *rz_chosen(const struct rz *z, int o);
/* Replacement effects on how o enters (614.1c-d, 614.12), o already on the battlefield;
 * x is X for "enters with X counters". Appends "; it enters tapped (...)" to t. */
int rz_enter_replacements(struct rz *z, int o, int x, struct sbuf *t);
/* The copiable exceptions of a copy effect, as text (", except it isn't legendary ..."). */
void copyx_text(const struct bd_copyx *x, struct sbuf *t);
/* A regeneration shield replaces destruction (701.19a): true if it did, with the text of
 * what happened appended to out. */
bool rz_regenerate(struct rz *z, int o, bool cant_regen, struct sbuf *out);

/* triggers.c */
/* Something happened that triggered abilities may wait for (603.2). An attacking creature
 * no creature blocked is the event TR_UNBLOCKED_EV. */
#define TR_UNBLOCKED_EV TR_NONE
struct rz_tev {
	enum bd_trig kind;       /* TR_ATTACKS, TR_DMG, TR_CAST, TR_STEP, ... */
	int obj;                 /* the object it is about (attacker, spell cast, damaged), or -1 */
	int src;                 /* TR_DMG: the source, or -1 */
	int player;              /* the player it is about (damaged, gaining life, casting), or -1 */
	bool combat;
	bool again;              /* TR_BLOCKS: a further creature the blocker blocks (509.3b) */
	bool alone;              /* TR_ATTACKS: the only creature declared as an attacker (506.5) */
	enum bd_step step;
	const struct bd_ctr *ctr;
	int amount;              /* TR_GAIN_LIFE / TR_LOSE_LIFE / TR_DMG / TR_DEALT_DMG: how much */
};
void rz_trigger_event(struct rz *z, const struct rz_tev *ev);
/* combat.c: keep every object's characteristics as blocks are declared (z->blk_view). */
void rz_blocks_declared(struct rz *z);
/* 506.4: an attacking or blocking creature whose controller changes is removed from combat
 * (judge notes each creature's controller as it is first seen in combat). */
void rz_combat_control(struct rz *z);
/* costs.c: how many counters of kind k (its n unused) o has; take n of them off it. */
int rz_counters_of(const struct bd_obj *o, const struct bd_ctr *k);
void rz_remove_counters(struct bd_obj *o, const struct bd_ctr *k, int n);
/* Does the intervening "if" of src's triggered ability a hold (603.4)? subject is the object
 * the trigger event was about ("that creature", evolve), or -1. */
bool rz_trigger_cond(const struct rz *z, const struct bd_abil *a, int src, int subject);
/* Enters-the-battlefield triggers (603.6a) of every permanent, for objects that just entered. */
void rz_entered(struct rz *z, const int *objs, int n);
/* A spell was cast or an ability activated with targets: each permanent it targets "becomes
 * the target" (ward, 702.21a). */
void rz_targeted(struct rz *z, int spell);

/* costs.c */
/* Activate the ability object abobj (`activate`): pay its costs, put it on the stack. */
void rz_activate(struct rz *z, int abobj);
/* A spell just moved to the stack (601.2a) pays its total cost (601.2f-h): its additional or
 * alternative costs as the board's lines under `cast` say. False when it can't be paid: the
 * spell has then gone back where it came from (601.2, 732). */
bool rz_cast_costs(struct rz *z, int spell, enum bd_zone from);

/* combat.c */
void rz_combat(struct rz *z, int which);

/* turn.c */
/* A step of the turn begins: its turn-based actions (508.1f, 514.2), then "at the
 * beginning of" triggers (503.1a, 513.1a). */
void rz_step_begins(struct rz *z, enum bd_step st);
/* `attack` / `block` lines: the declarations made as the declare attackers (blockers) step
 * begins (508.1, 509.1), checked for what judge knows makes them illegal. */
void rz_declare(struct rz *z, const struct bd_event *ev, int n, bool attackers);
/* Note, after the layers, which permanents entered the battlefield or changed controller
 * since the last pass (302.6); the first pass takes the board's `sick` lines. */
void rz_sick_note(struct rz *z);
/* Has creature o not been under its controller's control continuously since their most
 * recent turn began (302.6)? Haste is not looked at here. */
bool rz_sick(const struct rz *z, int o);
/* `turn P`: P becomes the active player and the turn begins with its untap step (502). */
void rz_turn_begins(struct rz *z, int p);

/* prohibit.c */
/* Does a rule-changing effect of kind k apply to player p (>= 0) or object o (>= 0), for
 * counters of kind c (NULL: any)? by gets whose effect it is; n its number (RU_LIFE_FLOOR). */
bool rz_rule_applies(const struct rz *z, enum bd_rulek k, int p, int o, const struct bd_ctr *c,
    char *by, size_t cap, int *n);
/* Is counter c of the kind want names (want: kind CK_OTHER with other "" is any kind)? */
bool rz_ctr_matches(const struct bd_ctr *want, const struct bd_ctr *c);
/* A resolving spell's "... this turn" rule-changing effect starts. */
void rz_rule_add(struct rz *z, const struct bd_rule *r, int src, int controller);
void rz_rule_text(const struct bd_rule *r, char *out, size_t cap);

/* replace.c */
/* How many of c's counters are put on object or player `to` after the replacement effects on
 * counters (614.16), in the order its controller or that player chooses (616.1); by_effect:
 * an effect puts them (not a cost); putter: the player putting them (122.6a); kind names the
 * counter for the step text. */
int rz_counter_replacements(struct rz *z, struct bd_ref to, const struct bd_ctr *c, bool by_effect, int putter, const char *kind);
/* How many tokens e creates for controller after "twice that many" effects (614.16). */
int rz_token_replacements(struct rz *z, const struct bd_effect *e, int controller, int n);
/* The next permutation of p[0..n) in lexical order; false after the last. */
bool rz_next_perm(int *p, int n);
/* The order of n effects whose sources are src[] that the board's `order A, B` states, as
 * indexes into src (the ones it doesn't name after, in their order), if an `order` names one. */
#define RZ_MAXORDER 8
bool rz_stated_order(const struct rz *z, const int *src, int n, int *perm);

/* linked.c */
/* Remember which object each permanent is (its zone move), so a linked ability finds the
 * cards exiled by the same object (400.7). Called as the layers are applied. */
void rz_link_note_battlefield(struct rz *z);
/* src's ability just exiled card: it is "exiled with" src (607.2a). */
void rz_link_exiled(struct rz *z, int src, int card);
/* card was just exiled by src "until ~ leaves the battlefield" (610.3). */
void rz_until_exiled(struct rz *z, int src, int card);
/* The n objects left just left the battlefield: the cards each exiled "until" it left return
 * at once, all together (610.3, 610.3c-d), and their enters abilities trigger. */
void rz_until_left(struct rz *z, const int *left, int n);
/* "Return the exiled card ...": the cards exiled with src by its linked ability (607.2a). */
void rz_link_return(struct rz *z, const struct bd_effect *e, int src, int controller, const char *sname);

/* delayed.c */
/* A resolving instruction with e->delay: a delayed triggered ability for each object in r. */
void rz_delay_create(struct rz *z, const struct bd_effect *e, const struct bd_ref *r, int n, int src, int controller, const char *sname);
/* Step st begins: the delayed triggered abilities waiting for it trigger (603.7b). */
void rz_delay_step(struct rz *z, enum bd_step st);
/* A delayed triggered ability resolves: what it refers to that is gone or a new object it
 * doesn't affect (603.7c), the rest it does. */
void rz_delay_resolve(struct rz *z, const struct rz_trig *t);
/* Release the delayed triggered abilities (the resolver is done). */
void rz_delay_free(struct rz *z);

/* saga.c */
int rz_lore(const struct bd_obj *o);
/* A Saga's final chapter number (714.2d), from the chapter abilities it has now. */
int rz_saga_final(const struct rz *z, int o);
/* o is entering: a Saga gets its lore counter (714.3a). */
void rz_saga_enters(struct rz *z, int o);
/* 714.3b: the active player's precombat main phase begins. */
void rz_saga_main_phase(struct rz *z, int ap);
/* 714.4: is o a Saga to be sacrificed now? A Saga whose chapter abilities were taken away
 * is not, and the first check to see it says so. */
bool rz_saga_done(struct rz *z, int o);

/* stack.c */
void rz_resolve_spell(struct rz *z, int spell);
/* Release what a resolved continuous effect owns, as it ends. */
void rz_rfx_drop(struct rz_rfx *f);
/* End the resolved effects whose "for as long as" no longer holds (611.2b); true if one did. */
bool rz_durations_end(struct rz *z);
/* A triggered ability is being put on the stack: choose its targets (603.3d, 601.2c), the
 * board's `trigger-target` lines or else judge's default. False when a target it needs has no
 * legal choice: then it is removed from the stack (603.3d); why says which. */
bool rz_trigger_targets(struct rz *z, struct rz_trig *t, char *why, size_t cap);
/* The targets of t as text ("Serra Angel, Bob"). */
void rz_trigger_target_text(struct rz *z, const struct rz_trig *t, struct sbuf *out);
/* `resolve NAME's ability` for a triggered ability waiting on the stack for it (board event ev). */
void rz_resolve_held(struct rz *z, int obj, int ev);
void rz_resolve_trigger(struct rz *z, const struct rz_trig *t);
void rz_create_tokens(struct rz *z, const struct bd_effect *e, int controller, const char *sname, enum rz_rule why);
void rz_run_effects(struct rz *z, const struct bd_abil *a, int src, int controller,
    const struct bd_ref *targets, int ntargets, int x, const struct rz_trig *t);
bool rz_target_legal(const struct rz *z, const struct bd_tspec *ts, struct bd_ref r,
    int src, int controller, unsigned src_colors, char *why, size_t cap);
/* 601.2c (602.2b for abilities): is every target announced for spell (or activated ability)
 * s a legal choice as it is chosen? If not, why says which isn't and *rule the rule that makes
 * it so (protection, hexproof, shroud, or 601.2c itself); the casting is then illegal (601.5). */
bool rz_targets_choosable(struct rz *z, int s, char *why, size_t cap, enum rz_rule *rule);

#endif
