/* board.h — a described board: players, objects with printed characteristics and abilities
 * (read from the cards' own English through a library of templates), choices, and the
 * events to resolve. bd_parse() reads the text format of docs/board-format.md.
 * Ownership: a struct board owns everything reachable from it; bd_free() releases it all.
 * Who may include this: the resolver, the board commands, tests and fuzzers. */
#ifndef JUDGE_BOARD_H
#define JUDGE_BOARD_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "../base/diag.h"

enum { BD_MAXSUB = 12, BD_SUBLEN = 24, BD_MAXCTR = 8, BD_MAXBLK = 8, BD_MAXTGT = 6,
	BD_MAXPART = 6, BD_MAXEFF = 3, BD_MAXPLAYERS = 8 };

/* Card types (205.2a), supertypes (205.4a), colors (105.1), as bit sets. */
enum { BT_ARTIFACT = 1, BT_BATTLE = 2, BT_CREATURE = 4, BT_ENCHANTMENT = 8, BT_INSTANT = 16,
	BT_KINDRED = 32, BT_LAND = 64, BT_PLANESWALKER = 128, BT_SORCERY = 256 };
enum { BS_BASIC = 1, BS_LEGENDARY = 2, BS_SNOW = 4, BS_WORLD = 8 };
enum { BC_W = 1, BC_U = 2, BC_B = 4, BC_R = 8, BC_G = 16 };

/* Keyword abilities judge models (702). */
enum bd_kw { KW_FLYING, KW_REACH, KW_FIRST_STRIKE, KW_DOUBLE_STRIKE, KW_TRAMPLE,
	KW_DEATHTOUCH, KW_LIFELINK, KW_INDESTRUCTIBLE, KW_HEXPROOF, KW_SHROUD, KW_MENACE,
	KW_DEFENDER, KW_VIGILANCE, KW_HASTE, KW_PERSIST, KW_UNDYING, KW_WITHER, KW_INFECT,
	KW_FLASH, KW_PLAINSWALK, KW_ISLANDWALK, KW_SWAMPWALK, KW_MOUNTAINWALK, KW_FORESTWALK,
	KW_FEAR, KW_INTIMIDATE,   /* evasion checked as blockers are declared (702.36b, 702.13b) */
	KW_COUNT };
#define KWBIT(k) (1u << (k))

/* Protection qualities beyond colors (702.16): card types (the BT_* bits, "protection from
 * creatures") and everything. */
enum { PROT_CREATURES = BT_CREATURE, PROT_ARTIFACTS = BT_ARTIFACT, PROT_EVERYTHING = 1u << 15 };
#define PROT_TYPES 0x7FFFu

enum bd_zone { ZN_BATTLEFIELD, ZN_GRAVEYARD, ZN_EXILE, ZN_HAND, ZN_LIBRARY, ZN_STACK, ZN_GONE,
	ZN_COMMAND };              /* emblems (114.1); their abilities work there (114.4) */

/* Counter kinds; PT counters carry their own +X/+Y. */
enum bd_ckind { CK_PT, CK_LOYALTY, CK_KEYWORD, CK_OTHER };
struct bd_ctr {
	enum bd_ckind kind;
	int dp, dt;             /* CK_PT: +1/+1 is (1,1), -1/-1 is (-1,-1) */
	int kw;                 /* CK_KEYWORD */
	char other[BD_SUBLEN];  /* CK_OTHER: "charge" */
	int n;
	long ts;                /* 613.7c */
};

/* Which objects (and players) an ability or effect talks about. */
enum bd_ctl { FC_ANY, FC_YOU, FC_OPP };
struct bd_filter {
	unsigned types, nottypes;       /* all of types, none of nottypes; 0 = no condition */
	bool anytype;                   /* types is "any of" (creature or planeswalker) */
	unsigned supers, notsupers;
	char sub[BD_SUBLEN], notsub[BD_SUBLEN];
	char orsub[BD_SUBLEN];          /* "all Forests and all Saprolings": sub or this one */
	unsigned colors, notcolors;     /* at least one of colors, none of notcolors */
	int kw, notkw;                  /* -1 = no condition */
	enum bd_ctl ctl;
	bool other;                     /* not the source itself */
	bool self;                      /* the source itself */
	bool attached;                  /* the object the source is attached to */
	/* "with power 4 or greater", "with mana value 3 or less" */
	enum { FN_NONE, FN_POWER, FN_TOUGHNESS, FN_MV } num;
	int num_n;
	bool num_le;                    /* "or less"; else "or greater" */
	bool attacking, blocking;       /* both: "attacking or blocking" */
	bool tapped, untapped;
	bool token, nontoken;
	bool players;                   /* players too ("each creature and each player") */
	bool opponents_only;            /* of players: only opponents */
	bool you_only;                  /* of players: only the controller */
	bool no_objects;                /* players only */
	bool spell;                     /* spells (and abilities) on the stack, not permanents */
	bool spell_or_perm;             /* "target spell or permanent": either one */
	bool defending;                 /* what the trigger's attacking creature attacks */
	bool it_ref;                    /* written "it": the source, or a trigger's subject */
	bool subject;                   /* the object a trigger's event was about ("destroy it") */
	bool chosen_sub;                /* "of the chosen type": the source's choice as it entered */
	bool chosen_color;              /* "of the chosen color" (Iona): likewise */
	bool you_own;                   /* "you own": its owner is the source's controller (108.3) */
	bool offbf;                     /* also the creature cards its controller owns that aren't on
	                                 * the battlefield and the creature spells they control (Conspiracy) */
	bool everywhere;                /* also every card that isn't on the battlefield and every spell
	                                 * (Mycosynth Lattice) */
	bool event_player;              /* "that player": the player a trigger's event was about */
	bool chosen_player;             /* "the chosen player" (Stuffy Doll): the player the source's
	                                 * "as ~ enters, choose a player|an opponent" chose (614.12a) */
	int grave;                      /* a card in a graveyard (115.2: "target creature card from your
	                                 * graveyard"): 1 any graveyard, 2 its controller's, 3 an opponent's */
};

/* Layers and sublayers (613.1, 613.4). */
enum bd_layer { LY_COPY = 1, LY_CONTROL, LY_TEXT, LY_TYPE, LY_COLOR, LY_ABIL,
	LY_7A, LY_7B, LY_7C, LY_7D, LY_COUNT };

enum bd_op { OP_CONTROL, OP_ADD_TYPES, OP_SET_CREATURE_SUB, OP_SET_LAND_SUB, OP_ADD_SUB,
	OP_SET_COLOR, OP_ADD_KW, OP_LOSE_ALL, OP_LOSE_KW, OP_CDA_PT, OP_SET_PT, OP_SET_PT_MV,
	OP_MOD_PT, OP_SWITCH_PT,
	OP_SET_TYPES };           /* "becomes a 4/4 Dragon creature" without "still a ...": the card
	                           * types are set (205.1a), mask; the old subtypes go with them */

/* What a characteristic-defining or counting P/T ability counts. */
enum bd_count { CN_NONE, CN_TARMOGOYF, CN_CREATURES_YOU, CN_LANDS_YOU, CN_GRAVE_CREATURES_YOU,
	CN_SUBTYPE_YOU, CN_ARTIFACTS_YOU, CN_LIFE_YOU };

struct bd_part {
	enum bd_op op;
	enum bd_layer layer;
	int a, b;                 /* P/T numbers; OP_CDA_PT: b is toughness offset */
	unsigned mask;            /* types or colors */
	uint32_t kws;             /* OP_ADD_KW / OP_LOSE_KW */
	unsigned prot_colors, prot_flags;
	char sub[BD_SUBLEN];
	enum bd_count count;      /* OP_CDA_PT / OP_MOD_PT by a count */
	char countsub[BD_SUBLEN];
	bool pow_only, tou_only;  /* CDA that defines only one of them */
	bool sub_chosen;          /* OP_SET_CREATURE_SUB: the source's chosen type, not sub */
	bool color_add;           /* OP_SET_COLOR: "in addition to its other colors" */
	bool prot_chosen;         /* OP_ADD_KW: "protection from the color of your choice": the color
	                           * the board's `choose SOURCE: COLOR` names, fixed as it resolves */
};

/* "as long as" conditions. */
enum bd_condk { CD_NONE, CD_CONTROL, CD_OPP_CONTROL, CD_YOUR_TURN, CD_NOT_YOUR_TURN,
	CD_LIFE_LE, CD_LIFE_GE, CD_OPP_LIFE_LE, CD_SELF_TAPPED, CD_SELF_UNTAPPED, CD_SELF_ATTACKING,
	CD_CONTROL_N, CD_GRAVE_N,
	CD_KICKED,                /* "if it was kicked" (702.33d) */
	CD_NO_LIFE_LOST,          /* "if you didn't lose life this turn" (Luminarch Ascension) */
	CD_EVOLVE };              /* "if that creature's power is greater than ~'s power and/or ..." (702.100a) */
struct bd_cond {
	enum bd_condk kind;
	struct bd_filter f;
	int n;
};

enum bd_akind { AK_INERT, AK_KEYWORD, AK_STATIC, AK_TRIGGER, AK_REPLACE_DIE,
	AK_PREVENT, AK_DAMAGE_MOD, AK_SPELL, AK_ENCHANT, AK_EQUIP, AK_MANA,
	AK_ENTERS,                /* a replacement on entering (614.1c-d): tapped, with counters, a choice */
	AK_ACTIVATED,             /* "COST: EFFECT" (602.1), loyalty abilities (606) */
	AK_RULE,                  /* a rule-changing effect: "can't" (101.2), a life-total floor (614.1a) */
	AK_CTR_MOD,               /* "if counters would be put on FILTER, twice/that many plus N" (614.16) */
	AK_TOKEN_MOD,             /* "if an effect would create tokens under your control, twice that many" (614.16) */
	AK_COST_MOD };            /* "noncreature spells cost {1} more to cast" (601.2f, 602.2b) */

/* A rule-changing effect. A "can't" is consulted by the game action it forbids (101.2: it
 * beats any effect that says the action happens); who is relative to the effect's controller. */
enum bd_rulek { RU_CANT_GAIN_LIFE, RU_CANT_LOSE_LIFE, RU_CANT_LOSE_GAME, RU_CANT_WIN_GAME,
	RU_NO_PREVENT,            /* damage can't be prevented (615.12) */
	RU_PLAYER_NO_COUNTERS,    /* players can't get (poison) counters */
	RU_NO_COUNTERS,           /* counters (of a kind) can't be put on FILTER (122.6) */
	RU_CANT_BE_COUNTERED,     /* "this spell can't be countered" */
	RU_LIFE_FLOOR,            /* damage can't reduce the life total below n (Worship) */
	RU_PLAYER_HEXPROOF,       /* "you have hexproof" (702.11c) */
	RU_CANT_CAST,             /* "your opponents can't cast FILTER spells" (601.3): f the spells */
	RU_NO_PREVENT_BY,         /* "damage that would be dealt by FILTER can't be prevented": f the sources */
	RU_NO_PREVENT_COMBAT_BY,  /* the same for combat damage only (Questing Beast) */
	RU_PLAYER_SHROUD,         /* "you have shroud" (702.18a) */
	RU_GAIN_NO_LIFE,
	RU_NO_ETB_TRIGGERS,       /* "creatures entering don't cause abilities to trigger" (Torpor Orb; f: the objects) */
	RU_NO_DIES_TRIGGERS };    /* "creatures dying don't cause abilities to trigger" (Hushbringer; f: the objects) */        /* "if a player would gain life, that player gains no life instead" (614.1a, 119.10) */
struct bd_rule {
	enum bd_rulek k;
	enum bd_ctl who;          /* players: FC_YOU, FC_OPP or FC_ANY */
	struct bd_filter f;       /* RU_NO_COUNTERS: the objects */
	struct bd_ctr ctr;        /* the counter kind; kind CK_OTHER with other "" = any */
	int n;                    /* RU_LIFE_FLOOR */
};

/* The cost of an activated ability, paid in the order of 601.2h after the mana (601.2g). */
struct bd_cost {
	bool tap;                 /* {T} */
	bool untap;               /* {Q}: the untap symbol (107.6) */
	char mana[32];            /* "{2}{R}": noted, mana pools are not part of the board */
	bool loyalty;             /* a loyalty ability: +N / -N / 0 (606.4) */
	int loy;
	bool sac_self;            /* "Sacrifice ~" */
	int nsac;                 /* "Sacrifice a creature": how many to choose */
	struct bd_filter sac;
	int life;                 /* "Pay N life" */
	struct bd_ctr remove;     /* "Remove a +1/+1 counter from ~": n > 0 */
	int discard;              /* "Discard N cards" */
	bool exile_self;          /* "Exile ~" */
};

/* A copy effect's exceptions (707.9). The copiable ones (707.9b: legendary or not, a subtype
 * added, base P/T, colors, types and subtypes set) become part of the copy's copiable values,
 * so a copy of the copy has them too (707.3); the extra counters it enters with don't. */
struct bd_copyx {
	int legend;               /* 1 "it's legendary", -1 "it isn't legendary" */
	char addsub[BD_SUBLEN];   /* "it's an Illusion in addition to its other types" */
	unsigned addtypes;        /* "it's an artifact in addition to its other types" */
	bool set_pt;              /* "it's a 1/1" */
	int power, toughness;
	unsigned colors;          /* "it's a 1/1 green Frog": the colors instead, when nonzero */
	char setsub[BD_SUBLEN];   /* ... and that creature type instead of its others */
	int extra_p1, extra_loy;  /* "enters with an additional +1/+1 counter if it's a creature" */
	char gain[160];           /* "and it has \"...\"" (Phantasmal Image): that ability's text, a
	                           * copiable value too (707.9b); "" for none */
};

/* One-shot effects of spells and triggered abilities. */
enum bd_effk { EF_DAMAGE, EF_DESTROY, EF_EXILE, EF_CONTINUOUS, EF_COUNTERS, EF_GAIN_LIFE,
	EF_LOSE_LIFE, EF_RETURN_SELF, EF_SACRIFICE, EF_BOUNCE, EF_PREVENT_COMBAT, EF_DRAW,
	EF_GAIN_CONTROL, EF_CREATE_TOKEN, EF_COUNTER, EF_TAP, EF_UNTAP, EF_REGENERATE, EF_SHIELD,
	EF_RESTRICT,              /* "can't block this turn", "doesn't untap during ...": n holds RS_* bits */
	EF_NOTE,                  /* a sentence that restates the rules ("It's still a land.") */
	EF_RULE,                  /* a rule-changing effect for the turn ("players can't gain life this turn") */
	EF_ATTACH,                /* "attach ~ to target creature you control" (equip, 702.6a; 701.3a) */
	EF_EXILE_GRAVE,           /* "exile all cards from target player's graveyard" (Tormod's Crypt) */
	EF_WARD,                  /* counter what targeted it unless its controller pays the cost (702.21a) */
	EF_REVEAL_TOP,            /* "reveal the top card of your library and put that card into your hand" */
	EF_SEARCH,                /* "search your library for a FILTER card, put it onto the battlefield" (701.23) */
	EF_RETURN_LINKED,         /* "return the exiled card to the battlefield": the cards exiled with
	                           * this object by its other ability (607.2a); to_hand: to hand */
	EF_PUT_FROM_HAND,         /* "put a FILTER card from your hand onto the battlefield": the card
	                           * the board's `choose SOURCE: NAME` names, matching what */
	EF_REMOVE_CTR,            /* "remove a fade counter from ~[. If you can't, sacrifice ~]" (or_sacrifice) */
	EF_ADD_MANA,              /* "add {G}", "add an additional {G}": noted, mana pools are not modelled */
	EF_TEXT_CHANGE,           /* "change the text of target spell or permanent by replacing all instances
	                           * of one color word (n bit 1) | basic land type (bit 2) | creature type
	                           * (bit 4) with another" (612.1, layer 3); text_not: "the new creature
	                           * type can't be Wall" */
	EF_LIBRARY_LOOK,          /* "scry N" (701.22a), "surveil N" (701.25a, surveil set): N in n;
	                           * noted only, and the board may then name no card in its
	                           * controller's library (the board parser refuses it otherwise) */
	EF_DISCARD,               /* "PLAYER discards N cards" (701.9a): each player chooses (701.9b), or
	                           * with pick_you "you choose a FILTER card from it" (what) the spell's
	                           * controller does; to_exile: "exiles a card from their hand" */
	EF_MILL,                  /* "PLAYER mills N cards" (701.17a): the top N, as many as there are (701.17b) */
	EF_REVEAL_HAND,           /* "target player reveals their hand" (701.20a): what follows picks from it */
	EF_EMBLEM,
	EF_RETURN_CARD };         /* "return target FILTER card from your graveyard to your hand | to the
	                           * battlefield", "put target ... card from a graveyard onto the battlefield
	                           * under your control": to_hand, tok_tapped, you (under its controller's
	                           * control, else its owner's) */              /* "you get an emblem with \"ABILITY\"" (114.2): emblem holds the ability */
/* Restrictions on a creature (508.1c, 509.1b, 502.3): EF_RESTRICT's n and the resolver's. */
enum { RS_NO_UNTAP = 1, RS_NO_ATTACK = 2, RS_NO_BLOCK = 4, RS_UNBLOCKABLE = 8 };
/* The RS_* bits a restriction's text (lower case) states. */
unsigned bd_restrict_bits(const char *text);
enum bd_amt { AM_N, AM_X, AM_POWER_SELF, AM_POWER_TARGET,
	AM_TOUGHNESS_PREV,        /* "equal to that creature's toughness": the earlier instruction's target's */
	AM_POWER_SACRIFICED,      /* "the sacrificed creature's power": its last known power (608.2h) */
	AM_REVEALED_MV,           /* "equal to its mana value": the card an earlier instruction revealed */
	AM_EVENT };               /* "that much": the amount of the event that triggered the ability */
/* A target requirement: "target creature", "any target", "target player". */
struct bd_tspec {
	struct bd_filter f;
	bool player_ok, object_ok;
	int max;                  /* "among one or two targets": up to max targets (0 or 1: one) */
	bool upto;                /* "up to one target ...": none or one (601.2c); with max, none to max
	                           * ("up to two target creatures", "any number of target ...") */
	bool exact;               /* "two target creatures": exactly max targets (601.2c, 115.1a) */
};

struct bd_effect {
	enum bd_effk kind;
	enum bd_amt amt;
	int n;
	int slot;                 /* target slot, -1 = untargeted */
	bool each;                /* applies to everything matching f */
	struct bd_filter f;       /* what "each ..." covers, or the target restriction */
	char text_not[BD_SUBLEN];
	char unless[32];          /* EF_WARD on a target: "counter target spell unless its controller pays {3}" */
	int amt_slot;             /* AM_TOUGHNESS_PREV: the target slot whose toughness it is */
	struct bd_part parts[BD_MAXPART];
	int nparts;
	bool until_eot;
	struct bd_ctr ctr;        /* EF_COUNTERS / EF_RETURN_SELF */
	bool cant_regen;
	bool you;                 /* EF_GAIN_LIFE/EF_DRAW: the controller */
	bool its_controller;      /* "its controller gains life equal to its power" */
	bool to_hand;             /* EF_RETURN_LINKED: to its owner's hand, not the battlefield */
	bool each_source;         /* EF_DAMAGE: "each FILTER you control deals N damage to ...": each
	                           * object matching what is a source (simultaneously) */
	int delay;                /* 1 + the step at whose next beginning a delayed triggered ability
	                           * does this instead (603.7): "sacrifice it at the beginning of the
	                           * next end step"; 0: now */
	bool delay_yours;         /* "at the beginning of your next upkeep": only its controller's step */
	bool until_leaves;        /* EF_EXILE "... until ~ leaves the battlefield": the card returns as soon
	                           * as the source leaves (610.3) */
	int while_src;            /* EF_GAIN_CONTROL, EF_CONTINUOUS "for as long as ~ remains on the
	                           * battlefield" (1) or "for as long as you control ~" (2): the effect
	                           * lasts while that is so (611.2b); 0 none */
	char delay_text[128];      /* the delayed instruction as written, without its timing ("" if none) */
	bool delay_own_tgt;       /* the delayed instruction has a target of its own, delay_tgt (slot 0
	                           * of the delayed ability): chosen as that ability is put on the
	                           * stack, not as the spell is cast (603.7, 603.3d) */
	struct bd_tspec delay_tgt;
	/* EF_CREATE_TOKEN: n tokens with these characteristics */
	int tok_power, tok_toughness;
	unsigned tok_colors, tok_types;
	char tok_sub[BD_SUBLEN], tok_sub2[BD_SUBLEN];
	uint32_t tok_kws;
	bool tok_tapped;
	struct bd_rule rule;      /* EF_RULE */
	bool tok_copy;            /* "create a token that's a copy of TARGET[, except ...]" (707.2) */
	int tok_combat;           /* 1 "that's attacking" (508.4), 2 "that's blocking that creature" (506.3d) */
	struct bd_copyx tok_copyx;
	int nslots;               /* "destroy target A, target B and target C": slots slot..slot+nslots-1 */
	bool divided, evenly;     /* damage divided as the caster chose (601.2d), or evenly (107.1a) */
	int kicked_n;             /* "if ~ was kicked, it deals N damage instead" (702.33d): N, or 0 */
	bool surveil;             /* EF_LIBRARY_LOOK: surveil, not scry */
	bool edict;               /* EF_SACRIFICE: "target player sacrifices a creature": the player */
	struct bd_filter what;    /* chooses n permanents matching what (701.21a); EF_SEARCH: the card */
	/* EF_SEARCH: "with mana cost {0} or {1}" (each cost as written, space-separated, or ""),
	 * where the card found goes, and whether the library is shuffled after (701.24a) */
	char search_costs[32];
	bool search_hand, search_tapped, search_shuffle;
	bool or_sacrifice;        /* EF_REMOVE_CTR: "if you can't, sacrifice ~" (Fading, 702.32a) */
	bool pick_you;            /* EF_DISCARD: the spell's controller chooses the card (701.9b) */
	bool to_exile;            /* EF_DISCARD: the card is exiled, not discarded (Karn Liberated) */
	bool may;                 /* this instruction alone is optional ("its controller may search ..."):
	                           * the board's `choose SOURCE: no` declines it (608.2d) */
	int searcher_slot;        /* EF_SEARCH: 1 + the target slot whose controller searches ("its
	                           * controller may search their library", Path to Exile; 608.2h), or 0 */
	/* EF_DAMAGE: what happens to a creature dealt damage this way, for the rest of the turn:
	 * "can't be regenerated this turn" (701.19c), "if ... would die this turn, exile it instead"
	 * (614.1a) */
	bool dealt_no_regen, dealt_exile;
	bool multi;               /* its target spec takes several targets of one word "target" ("two
	                           * target creatures", "up to two", "any number of"): the spec's further
	                           * targets follow the one per spec, as for divided damage */
	char emblem[200];         /* EF_EMBLEM: the emblem's ability as written (normalised), read as it
	                           * is created; judge checks as it reads the effect that it can read it */
};

/* Trigger events (603.2): what a triggered ability waits for. */
enum bd_trig { TR_NONE, TR_DIES, TR_LTB, TR_PUT_GRAVE, TR_ETB,
	TR_ATTACKS, TR_BLOCKS, TR_ATTACKS_OR_BLOCKS, TR_BLOCKED,       /* SUBJECT attacks ... */
	TR_DMG_PLAYER, TR_DMG, TR_DEALT_DMG,                           /* SUBJECT deals/is dealt damage */
	TR_CAST,                                                       /* PLAYER casts a FILTER spell */
	TR_GAIN_LIFE, TR_LOSE_LIFE,                                    /* PLAYER gains/loses life */
	TR_COUNTERS,                                                   /* counters are put on SUBJECT */
	TR_TAPPED,                                                     /* SUBJECT becomes tapped */
	TR_STEP,                                                       /* at the beginning of a step */
	TR_CHAPTER,                                                    /* a Saga's chapter ability (714.2b) */
	TR_TARGETED,                                                   /* ~ becomes the target of an opponent's spell or ability */
	TR_BLOCK_PAIR,                                                 /* SUBJECT blocks or becomes blocked by a TSPELL creature */
	TR_UNTAPPED,                                                   /* SUBJECT becomes untapped */
	TR_TAP_MANA,                                                   /* PLAYER taps a FILTER for mana (605.1b) */
	TR_SCRY, TR_SURVEIL };                                         /* PLAYER scries / surveils (701.22d, 701.25d) */
enum bd_ifk { IF_NONE, IF_NO_M1M1, IF_NO_P1P1, IF_COND };

/* Steps of the turn (500.1), for `step` events and "at the beginning of" triggers. */
enum bd_step { STP_UNTAP, STP_UPKEEP, STP_DRAW, STP_MAIN1, STP_BEGIN_COMBAT, STP_ATTACKERS,
	STP_BLOCKERS, STP_FIRST_STRIKE, STP_DAMAGE, STP_END_COMBAT, STP_MAIN2, STP_END, STP_CLEANUP,
	STP_COUNT };

/* Replacement/prevention kinds. */
enum bd_dmk { DM_DOUBLE, DM_PLUS, DM_MINUS, DM_PREVENT_ALL, DM_HALF /* rounded down: counters only */ };

struct bd_abil {
	enum bd_akind kind;
	char *text;               /* as written */
	unsigned line, col;
	const char *tmpl;         /* the template's name */
	/* AK_KEYWORD: the keywords in parts[0].kws, protection in prot_colors/prot_flags */
	unsigned prot_colors, prot_flags;
	struct bd_filter aff;     /* what a static ability, trigger or replacement looks at */
	struct bd_part parts[BD_MAXPART];
	int nparts;
	struct bd_cond cond;      /* "as long as" */
	bool cda;                 /* 604.3 */
	enum bd_trig trig;
	enum bd_ifk ifk;          /* intervening "if" (603.4) */
	struct bd_effect eff[BD_MAXEFF];
	int neff;
	struct bd_tspec tgt[BD_MAXTGT];
	int ntgt;
	enum bd_dmk dmk;          /* AK_PREVENT / AK_DAMAGE_MOD */
	int dmn;
	bool combat_only;
	struct bd_filter src;     /* the damage source a replacement looks at */
	bool src_spell;           /* "a spell" / "instant or sorcery spell" */
	bool to_and_by;           /* "dealt to and dealt by" */
	bool by_only;             /* "dealt by" */
	bool any_grave;           /* "put into a graveyard from anywhere" */
	bool grave_tokens;        /* "a card or token": tokens too (a token is not a card) */
	bool grave_library;       /* "If ~ would be put into a graveyard from anywhere, reveal ~ and shuffle
	                           * it into its owner's library instead" (Darksteel Colossus): only ~ itself,
	                           * from any zone (614.1a) */
	int grave_whose;          /* 0 any graveyard, 1 an opponent's, 2 yours */
	/* AK_ENTERS: what entering objects matching aff do (614.1c "~ enters with", 614.1d
	 * "FILTER enter tapped"); ctr.n < 0 means X counters (the spell's X) */
	bool enters_tapped;
	struct bd_ctr enters_ctr;
	char choose[BD_SUBLEN];   /* "as ~ enters, choose a color": what is chosen */
	bool copy;                /* "You may have ~ enter as a copy of any FILTER" (707.2): aff is FILTER */
	int copy_legend;          /* its exception: 1 "it's legendary", -1 "it isn't legendary" */
	struct bd_copyx copyx;    /* all of its exceptions (707.9), copy_legend among them */
	bool copy_source;         /* "FILTER enter as a copy of ~" (Essence of the Wild): of the source */
	/* AK_TRIGGER beyond its subject in aff: */
	enum bd_ctl tplayer;      /* whose cast / life / turn: FC_YOU, FC_OPP, FC_ANY */
	struct bd_filter tspell;  /* TR_CAST: which spells */
	bool combat_dmg;          /* TR_DMG*: only combat damage */
	bool to_opponent;         /* TR_DMG_PLAYER: only to an opponent */
	bool unblocked;           /* TR_BLOCKED: "attacks and isn't blocked" instead */
	bool per_blocked;         /* TR_BLOCKS: "blocks a creature", once for each one it blocks (509.3b) */
	bool also_etb;            /* "enters or attacks": TR_ATTACKS and entering too */
	bool attacks_you;         /* TR_ATTACKS: "attacks you or a planeswalker you control" */
	bool alone;               /* TR_ATTACKS / TR_BLOCKS: "attacks alone" / "blocks alone", the only
	                           * creature declared as an attacker / a blocker (506.5) */
	int nth_cast;             /* TR_CAST: "your second|third spell each turn": only when the spell
	                           * is that player's Nth this turn; 0 for any */
	bool cast_targets;        /* TR_CAST: "a spell that targets SUBJECT" (heroic): ctarget the
	                           * objects one of the spell's targets must be */
	struct bd_filter ctarget;
	bool targeted_any;        /* TR_TARGETED: by any player's spell or ability, not only an opponent's */
	enum bd_step step;        /* TR_STEP */
	bool each_turn;           /* TR_STEP: each player's step, not only its controller's */
	struct bd_ctr tctr;       /* TR_COUNTERS: kind (n unused); kind CK_OTHER with "" = any */
	struct bd_cond ifcond;    /* IF_COND: an intervening "if" (603.4) */
	bool optional;            /* "you may ...": the `choose SOURCE: no` line declines */
	struct bd_cost cost;      /* AK_ACTIVATED */
	struct bd_rule rules[3];  /* AK_RULE; a condition ("if you control a creature") is in cond */
	int nrules;
	/* AK_CTR_MOD / AK_TOKEN_MOD: dmk (DM_DOUBLE, DM_PLUS) and dmn say how many instead;
	 * tctr the counter kind, aff what they are put on (tokens: aff.ctl whose, aff.types) */
	bool by_effect;           /* "if an effect would ...": not counters put as a cost (614.16) */
	enum bd_ctl ctr_putter;   /* AK_CTR_MOD: "if you|an opponent would put ..." (Vorinclex): only
	                           * counters that player puts (122.6a), FC_ANY for any */
	bool ctr_players;         /* AK_CTR_MOD: "... on a permanent or player": counters on players too */
	/* modal spells (700.2): the "Choose one —" line (AK_INERT) says how many modes, each
	 * "• ..." line is mode number `mode` (1-based); an unreadable mode is kept unread and is
	 * an error only when it is chosen */
	int choose_min, choose_max;
	int mode;
	int modal_of;             /* a mode of a modal triggered or activated ability (700.2b): 1 + the
	                           * index of its "When ..., choose one —" or "COST: Choose one —"
	                           * ability; it is never the object's own ability, only what that
	                           * ability does once a mode is chosen (`activate` copies the modes
	                           * to the ability on the stack) */
	bool unread;
	/* costs of casting a spell (601.2f): 1 an additional cost ("As an additional cost to cast
	 * this spell, sacrifice a creature"), 2 an alternative cost ("you may pay 4 life rather
	 * than pay this spell's mana cost", with its condition in ifcond), in cost; or_mana is the
	 * mana paid instead ("discard a card or pay {5}") */
	int spell_cost;
	char or_mana[32];
	unsigned exile_colors;    /* "exile a blue card from your hand": 1 card of these colors */
	int exile_hand;
	unsigned chapters;        /* TR_CHAPTER: bit N for chapter N (714.2a: "I, II — ...") */
	/* AK_COST_MOD: dmk DM_PLUS ("more") or DM_MINUS ("less") by dmn generic mana, for the spells
	 * aff matches that players tplayer cast; cost_self "this spell costs ...": only itself, as it
	 * is cast (cost_power: by the total power of creatures its caster controls, "{X} less ...";
	 * cost_per_target: for each target beyond the first); cost_act "activated abilities [of
	 * FILTER] cost {N} more to activate [unless they're mana abilities]" (602.2b), aff the
	 * sources, cost_no_mana */
	bool cost_self, cost_power, cost_per_target, cost_act, cost_no_mana;
};

/* A reference to a player (p >= 0) or an object (o >= 0); the other is -1. */
struct bd_ref {
	int p, o;
};

struct bd_player {
	char *name;
	unsigned line;
	int life, poison;
	bool active;
	bool lost;                /* set by the resolver (704.5a, 704.5c) */
	int shield;               /* "prevent the next N damage" left (615.7) */
	int order;                /* turn order, for APNAP (101.4) */
	/* cards the board doesn't name: `library N` below the named library cards (-1: not
	 * said, taken as never running out), `hand N` besides the named cards in hand */
	int library, hand;
	bool drew_empty;          /* tried to draw from an empty library (121.4, 704.5b) */
	bool lost_life;           /* lost life this turn (`lost-life`, then kept by the resolver) */
	int spells_cast;          /* spells cast this turn (`spells-cast N` before the board, then kept
	                           * by the resolver: "your second spell each turn") */
};

struct bd_obj {
	char *name;
	char *alias;              /* "as Bears2" */
	unsigned line;
	int owner, controller;
	unsigned types, supers;
	char subs[BD_MAXSUB][BD_SUBLEN];
	int nsubs;
	unsigned colors;
	int mv;
	char mana_cost[48];       /* as written, lower case ("{1}{u}"); "" for no mana cost (202.1b) */
	int power, toughness;
	bool has_pt, pt_star;
	struct bd_abil *abils;
	int nabils;
	size_t abcap;
	enum bd_zone zone;
	bool token, tapped;
	int damage;
	bool dt_damage;           /* dealt deathtouch damage since the last SBA check */
	struct bd_ctr ctr[BD_MAXCTR];
	int nctr;
	int attached;             /* object index or -1 */
	long attach_ts;
	int attacking_p;          /* player attacked, or -1 */
	int attacking_o;          /* planeswalker/battle attacked, or -1 */
	int blocking[BD_MAXBLK];
	int nblocking;
	bool blocked;             /* 509.1h */
	bool removed_combat;
	long ts;                  /* 613.7d */
	int x;                    /* spells: the value of X */
	unsigned modes;           /* chosen modes (700.2): bit k for mode k */
	unsigned mode_line, mode_col;
	/* the division of damage among targets (601.2d), `divide N to NAME, ...` */
	int ndiv;
	int div_amt[BD_MAXTGT];
	struct bd_ref div_to[BD_MAXTGT];
	char *div_names[BD_MAXTGT];
	unsigned div_col[BD_MAXTGT], div_line;
	struct bd_ref targets[BD_MAXTGT];
	int ntargets;
	int zpos;                 /* position in its zone: higher is later (graveyard top) */
	int shield;               /* "prevent the next N damage" left */
	int regen;                /* regeneration shields (701.19a) */
	int copy_of;              /* layer 1: it is a copy of this object's copiable values, or -1 */
	int copy_legend;          /* the copy effect's exception (707.9b): 1 legendary, -1 not */
	struct bd_copyx copyx;    /* the copy effect's exceptions (707.9) */
	bool face_down;           /* 708.2a: a 2/2 creature with no name, text, subtypes or mana cost */
	bool frozen;              /* not an object of the game: the copiable values a copy took from an
	                           * object that have changed since (707.2b), kept for the copy */
	bool sick;                /* `sick`: it came under its controller's control this turn, before the
	                           * board (302.6) */
	/* an activated ability on the stack (`activate`): whose ability, which one, and the
	 * objects chosen to pay its cost */
	int act_src, act_abil;
	int ab_src;               /* a `spell NAME's ability` (a triggered ability on the stack): the
	                           * object NAME it came from (113.7), or -1 */
	bool held_trigger;        /* `resolve NAME's ability` naming no declared object: NAME's triggered
	                           * ability, once it triggers, waits on the stack for that line while the
	                           * events before it happen in response (ab_src is NAME) */
	int act_sac[BD_MAXTGT], nact_sac;
	int act_discard[BD_MAXTGT], nact_discard;
	int act_exile[BD_MAXTGT], nact_exile;   /* cards exiled to pay a spell's cost */
	int pay_life;             /* `pay-life N` under `cast`: life paid as a cost, or 0 */
	bool kicked;              /* its kicker cost was paid (702.33d); a permanent keeps knowing it */
	char *act_names[2 * BD_MAXTGT];
	unsigned act_cols[2 * BD_MAXTGT], act_lines[2 * BD_MAXTGT];
	int nact_names, nact_sac_names;
	/* names resolved after parsing */
	char *attached_name, *attacking_name, *blocking_names[BD_MAXBLK], *target_names[BD_MAXTGT];
	unsigned attached_col, attacking_col, blocking_col[BD_MAXBLK], target_col[BD_MAXTGT];
	unsigned attached_line, attacking_line, blocking_line[BD_MAXBLK], target_line[BD_MAXTGT];
	char *owner_name, *ctl_name, *copy_name;
	char *chosen;             /* `chosen Elf`: the choice made as it entered (614.12a) */
	unsigned copy_line, copy_col;
	unsigned owner_line, owner_col, ctl_line, ctl_col;
};

enum bd_evk { EV_RESOLVE, EV_COMBAT, EV_DAMAGE, EV_DESTROY, EV_EXILE, EV_SACRIFICE,
	EV_COUNTERS, EV_CAST, EV_STEP, EV_TAP, EV_LIFE, EV_ACTIVATE,
	EV_ATTACK,                /* `attack NAME: TARGET`: obj attacks to (508.1) */
	EV_BLOCK,                 /* `block NAME: ATTACKER`: obj blocks source (509.1) */
	EV_TURN,                  /* `turn P`: P's turn begins with its untap step (502) */
	EV_UNTAP,                 /* `untap NAME` */
	EV_FACE_UP };             /* `turn-face-up NAME` (702.37e, 708.8) */
struct bd_event {
	enum bd_evk kind;
	unsigned line;
	int obj;                  /* the spell (EV_RESOLVE), the object acted on */
	struct bd_ref to;         /* damage recipient */
	int source;               /* damage source object, -1 = none named */
	int amount;
	struct bd_ctr ctr;
	enum bd_step step;        /* EV_STEP */
	char *n1, *n2;            /* names, resolved after parsing */
	unsigned c1, c2;
};

/* A combat damage assignment chosen by the attacking player (510.1c-d). */
struct bd_assign {
	int attacker;
	struct bd_ref to[BD_MAXBLK + 1];
	int amount[BD_MAXBLK + 1];
	int n;
	unsigned line;
	char *names[BD_MAXBLK + 2];
	unsigned cols[BD_MAXBLK + 2];
};

/* Choices the board states in advance. */
struct bd_choice {
	enum { CH_ORDER, CH_TARGET, CH_KEEP, CH_CHOOSE } kind;
	int objs[BD_MAXBLK];
	int nobjs;
	struct bd_ref ref;        /* CH_TARGET: the target */
	int amount;               /* CH_TARGET `trigger-target SOURCE: N to TARGET`: its share of damage
	                           * divided as the ability is put on the stack (601.2d), or 0 */
	char *value;              /* CH_CHOOSE: what the player chose ("red", "yes", "Elf"), lower case */
	unsigned line;
	char *names[BD_MAXBLK + 1];
	unsigned cols[BD_MAXBLK + 1];
};

struct board {
	char *name;               /* file name, for diagnostics */
	char *title;
	struct bd_player players[BD_MAXPLAYERS];
	int nplayers;
	struct bd_obj *objs;
	int nobjs;
	size_t objcap;
	struct bd_event *events;
	int nevents;
	size_t evcap;
	struct bd_assign *assigns;
	int nassigns;
	size_t ascap;
	struct bd_choice *choices;
	int nchoices;
	size_t chcap;
	long next_ts;
	char *cards_note;         /* "Tarmogoyf from MTGJSON of 2025-11-14" when a card database filled objects */
	char **cards_used;        /* those objects' names, and the database's source and date */
	int ncards_used;
	char *cards_source, *cards_date;
};

/* A card database for objects a board names without describing them (the caller's; see
 * bd_parse_cards). lines() returns the card as board lines ("type ...\ncost ...\npt ...\n
 * ability ...", malloc'd), or NULL when it knows no such card, with *nearest (malloc'd, or NULL)
 * naming the closest cards. source names the database ("MTGJSON of 2025-11-14"). */
struct bd_cards {
	void *ctx;
	char *(*lines)(void *ctx, const char *name, char **nearest);
	const char *source;         /* "MTGJSON of 2025-11-14", for people */
	const char *data_source;    /* "mtgjson", "scryfall", "mtgjson+scryfall" */
	const char *data_date;      /* "2025-11-14", "" when the import found none */
};

/* Is ability a one of o's that applies: not a mode, or a mode o's caster chose (700.2)? */
static inline bool
bd_abil_chosen(const struct bd_obj *o, const struct bd_abil *a)
{
	return a->modal_of == 0 && (a->mode == 0 || (o->modes & (1u << a->mode)) != 0);
}

/* Where the target specs of a spell's chosen spell abilities take their targets from a list
 * of ntargets (601.2c): flat spec i (abilities in order, each one's specs in order) takes
 * count[i] targets starting at start[i]. A spec of several targets ("among one or two
 * targets") takes what the single ones leave, at least one. Returns the number of specs (at
 * most max); *fits says whether ntargets is a possible count. */
int bd_target_spans(const struct bd_obj *o, int ntargets, int *start, int *count, int max, bool *fits);

/* Parse a board from text (any bytes). name is used in diagnostics. Returns NULL with
 * errors in d when the board is malformed; never exits. */
struct board *bd_parse(const char *name, const char *text, size_t len, struct diags *d);
void bd_free(struct board *b);
/* bd_parse() with a card database: an object the database knows gets the type, cost, P/T and
 * abilities the board does not give (board lines override the card); an ability judge cannot read
 * is left out with a warning; a permanent with no lines that the database does not know is an
 * error naming the nearest cards. cards NULL is bd_parse(). */
struct board *bd_parse_cards(const char *name, const char *text, size_t len, const struct bd_cards *cards,
    struct diags *d);

/* Add an object (a copy of proto, e.g. a returning persist card); returns its index. */
int bd_add_obj(struct board *b, const struct bd_obj *proto);

/* Read one ability's English into a. owner is the object's name (for "~"). Returns false
 * and reports the closest template (with a caret) when no template matches. */
bool bd_read_ability(const char *text, const char *owner, bool spell, struct bd_abil *a,
    const char *file, unsigned line, unsigned col, struct diags *d);
/* Read only the event (and intervening "if") of a triggered ability whose effect no template
 * reads: a is a trigger marked unread, with no effects, for the resolver to stop at if it
 * ever triggers. False when even that is not readable, or it is not a triggered ability. */
bool bd_read_trigger_event(const char *text, const char *owner, struct bd_abil *a, unsigned line, unsigned col);
/* How many templates the library holds, and each one's example text. */
size_t bd_template_count(void);
const char *bd_template_example(size_t i);

/* The words a board line may start with: statements (player, permanent, resolve, ...) and
 * object attributes (controller, type, ...), canonical spellings, NULL-terminated. */
const char *const *bd_statement_names(void);
const char *const *bd_attribute_names(void);

/* Names for output. */
const char *bd_kw_name(int kw);
const char *bd_zone_name(enum bd_zone z);
/* Steps by their board names ("declare-attackers", "end"); -1 for an unknown one. */
const char *bd_step_name(enum bd_step s);
int bd_step_lookup(const char *w);
void bd_types_str(unsigned supers, unsigned types, const char (*subs)[BD_SUBLEN], int nsubs,
    char *out, size_t cap);
void bd_colors_str(unsigned colors, char *out, size_t cap);
/* Parsing helpers shared with the templates. */
int bd_kw_lookup(const char *word);
unsigned bd_color_lookup(const char *word);
unsigned bd_type_lookup(const char *word);
unsigned bd_super_lookup(const char *word);
bool bd_filter_parse(const char *phrase, struct bd_filter *f);

#endif
