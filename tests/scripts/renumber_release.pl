#!/usr/bin/perl
# renumber_release.pl IN OUT [CHAPTER] — a release made from IN the way 2026-04-17 was
# made from 2026-01-16: a new chapter CHAPTER (default 722) "Preparation Cards" inserted,
# CHAPTER and the chapters after it in its section moved up by one (every rule number and
# every reference to them), effective April 17, 2026. The tests use it to check that
# data written against IN's numbers follows the move.
use strict;
use warnings;
my ($in, $out, $at) = @ARGV;
die "usage: renumber_release.pl IN OUT [CHAPTER]\n" unless defined $out;
$at //= 722;
open(my $f, '<:raw', $in) or die "$in: $!\n";
local $/;
my $t = <$f>;
close $f;
# the chapters of CHAPTER's section that follow it, as the contents list them
my $sec = int($at / 100);
my $last = $at;
$last = $1 > $last ? $1 : $last while $t =~ /(?:^|[\r\n])($sec\d\d)\. /g;
$t =~ /(?:^|[\r\n])$at\. ([^\r\n]+)/ or die "renumber_release.pl: no chapter $at in $in\n";
my $title = $1;
# every rule number of those chapters, as a rule's own number or as a reference
$t =~ s/(?<![\d.])(\d{3})(?=(?:\.\d+[a-z]?)?(?!\d))/$1 >= $at && $1 <= $last ? $1 + 1 : $1/ge;
$t =~ s/effective as of [A-Z][a-z]+ \d+, \d{4}/effective as of April 17, 2026/g;
my $nl = $t =~ /\r\n/ ? "\r\n" : "\n";
my $moved = ($at + 1) . ". $title";
my $ch = "$at. Preparation Cards$nl$nl"
    . "$at.1. A preparation card is a card with a preparation bar on its frame. It is "
    . "kept in a separate preparation zone until its owner readies it.$nl$nl"
    . "$at.1a Readying a preparation card is a special action. A player may ready a "
    . "preparation card any time they have priority during their own main phase.$nl$nl"
    . "$at.2. A readied preparation card is put onto the battlefield under its owner's "
    . "control. See rule " . ($at + 1) . ", \"$title.\"$nl$nl";
# the contents line, then the chapter itself
my $n = 0;
$t =~ s/((?:^|[\r\n]))(\Q$moved\E)(?=[\r\n])/++$n == 1 ? "$1$at. Preparation Cards$nl$2" : "$1$ch$2"/ge;
die "renumber_release.pl: chapter $at found $n times in $in, not twice\n" unless $n == 2;
open(my $o, '>:raw', $out) or die "$out: $!\n";
print $o $t;
close $o;
