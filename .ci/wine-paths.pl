#!/usr/bin/perl
# Filter for .ci/windows.sh: trf.exe's output with every path of the map
# file (ARGV[0]; lines "WINDOWS-FORM<TAB>LINUX-FORM") written as the Linux
# binary writes it. The map holds exact paths (each file and folder under
# the roots the test walks, as Windows joins them with `\`, in text and in
# JSON), so nothing else in the output is touched: a JSON escape such as
# `\n` after a path stays what it is. Bytes in, bytes out.
use strict;
use warnings;
my %to;
open(my $m, '<:raw', $ARGV[0]) or die "$ARGV[0]: $!";
while (<$m>) {
    chomp;
    my ($w, $l) = split /\t/, $_, 2;
    $to{$w} = $l;
}
close $m;
binmode STDIN;
binmode STDOUT;
local $/;
my $text = <STDIN>;
$text = '' unless defined $text;
if (%to) {
    my $alt = join '|', map { quotemeta } sort { length($b) <=> length($a) } keys %to;
    $text =~ s/($alt)/$to{$1}/g;
}
print $text;
