// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {TestUSDT} from "../src/TestUSDT.sol";
import {BinFiPool} from "../src/BinFiPool.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";

contract BinFiPoolTest is Test {
    uint256 internal constant PRICE = 1_000e6;
    uint64 internal constant T0 = 1_700_000_000;
    uint64 internal constant RAISE_END = T0 + 7 days;
    uint64 internal constant TERM = 180 days;

    TestUSDT internal usdt;
    BinFiPool internal pool;
    address internal admin;
    address internal operator;
    address internal custody;
    address internal alice;
    address internal bob;
    address internal carol;
    uint256 internal fundId;

    event FundCreated(
        uint256 indexed fundId, uint256 unitPrice, uint256 capacity, uint64 raiseStart, uint64 raiseEnd, uint64 term
    );
    event OrderPlaced(
        uint256 indexed fundId,
        uint256 indexed orderId,
        address indexed member,
        BinFiPool.Side side,
        uint256 units,
        uint256 amount,
        string referralCode
    );
    event FundMatched(
        uint256 indexed fundId,
        uint256 rockUnits,
        uint256 flameUnits,
        uint256 matchedUnits,
        uint256 matchedValue,
        address custody,
        uint64 startAt,
        uint64 maturity
    );
    event RefundClaimed(
        uint256 indexed fundId, uint256 indexed orderId, address indexed member, uint256 units, uint256 amount
    );
    event RockRedeemed(uint256 indexed fundId, uint256 indexed orderId, address indexed member, uint256 units);
    event FundSettled(
        uint256 indexed fundId, uint256 rockPayoutPerUnit, uint256 flamePayoutPerUnit, uint256 totalFunded
    );

    function setUp() public {
        admin = makeAddr("admin");
        operator = makeAddr("operator");
        custody = makeAddr("custody");
        alice = makeAddr("alice");
        bob = makeAddr("bob");
        carol = makeAddr("carol");
        vm.warp(T0);
        usdt = new TestUSDT(admin);
        pool = new BinFiPool(IERC20(address(usdt)), admin, operator, custody);
        address[4] memory people = [alice, bob, carol, operator];
        for (uint256 i = 0; i < people.length; i++) {
            vm.prank(admin);
            usdt.mint(people[i], 1_000_000e6);
            vm.prank(people[i]);
            usdt.approve(address(pool), type(uint256).max);
        }
        vm.prank(operator);
        fundId = pool.createFund(PRICE, 10, T0, RAISE_END, TERM);
    }

    function _supply(address who, uint256 units) internal returns (uint256) {
        vm.prank(who);
        return pool.supply(fundId, units, "");
    }

    function _take(address who, uint256 units) internal returns (uint256) {
        vm.prank(who);
        return pool.take(fundId, units, "REF1");
    }

    function _match() internal {
        vm.warp(RAISE_END);
        vm.prank(operator);
        pool.matchFund(fundId);
    }

    function _checkAccounting() internal view {
        BinFiPool.Accounts memory a = pool.accountsOf(fundId);
        assertEq(
            a.deposited,
            a.matchedValue + pool.refundableOf(fundId) + a.refunded,
            "deposited = matched + refundable + refunded"
        );
    }

    // ------------------------------------------------------------------ create

    function test_CreateFund() public {
        vm.expectEmit(true, false, false, true, address(pool));
        emit FundCreated(2, 5e6, 3, T0 + 1, T0 + 2, 90 days);
        vm.prank(operator);
        uint256 id = pool.createFund(5e6, 3, T0 + 1, T0 + 2, 90 days);
        assertEq(id, 2, "second fund id");
        BinFiPool.Fund memory f = pool.getFund(id);
        assertEq(f.unitPrice, 5e6, "unit price");
        assertEq(f.capacity, 3, "capacity");
        assertEq(uint256(f.term), 90 days, "term");
        assertTrue(f.status == BinFiPool.Status.Raising, "raising");
    }

    function test_RevertWhen_CreateFundInvalid() public {
        vm.startPrank(operator);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidFund.selector, 0, 1, T0, T0 + 1, 1));
        pool.createFund(0, 1, T0, T0 + 1, 1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidFund.selector, 1, 1, T0, T0, 1));
        pool.createFund(1, 1, T0, T0, 1);
        vm.stopPrank();
    }

    function test_RevertWhen_CreateFundByNonOperator() public {
        vm.expectRevert(
            abi.encodeWithSelector(
                IAccessControl.AccessControlUnauthorizedAccount.selector, alice, pool.OPERATOR_ROLE()
            )
        );
        vm.prank(alice);
        pool.createFund(1, 1, T0, T0 + 1, 1);
    }

    // ------------------------------------------------------------------ supply / take

    function test_SupplyAndTake() public {
        vm.expectEmit(true, true, true, true, address(pool));
        emit OrderPlaced(fundId, 0, alice, BinFiPool.Side.Rock, 3, 3 * PRICE, "");
        uint256 o1 = _supply(alice, 3);
        vm.expectEmit(true, true, true, true, address(pool));
        emit OrderPlaced(fundId, 1, bob, BinFiPool.Side.Flame, 5, 5 * PRICE, "REF1");
        uint256 o2 = _take(bob, 5);

        assertEq(o1, 0, "first order id");
        assertEq(o2, 1, "second order id");
        BinFiPool.Fund memory f = pool.getFund(fundId);
        assertEq(f.rockUnits, 3, "rock units");
        assertEq(f.flameUnits, 5, "flame units");
        assertEq(usdt.balanceOf(address(pool)), 8 * PRICE, "pool holds the deposits");
        assertEq(pool.accountsOf(fundId).deposited, 8 * PRICE, "deposited");
        assertEq(pool.matchedUnitsOf(o1), 0, "nothing matched before the match");
    }

    function test_RevertWhen_MoreThanFiveUnits() public {
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidUnits.selector, 6));
        _supply(alice, 6);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidUnits.selector, 0));
        _take(alice, 0);
    }

    function test_RevertWhen_OverCapacity() public {
        _supply(alice, 5);
        _supply(bob, 4);
        vm.expectRevert(
            abi.encodeWithSelector(BinFiPool.PoolCapacityExceeded.selector, fundId, BinFiPool.Side.Rock, 1, 2)
        );
        _supply(carol, 2);
        _supply(carol, 1);
        assertEq(pool.getFund(fundId).rockUnits, 10, "filled to capacity");
    }

    function test_RevertWhen_OutsideRaiseWindow() public {
        vm.prank(operator);
        uint256 later = pool.createFund(PRICE, 10, T0 + 1 days, T0 + 2 days, TERM);
        vm.expectRevert(
            abi.encodeWithSelector(BinFiPool.PoolOutsideRaiseWindow.selector, later, T0 + 1 days, T0 + 2 days)
        );
        vm.prank(alice);
        pool.supply(later, 1, "");

        vm.warp(T0 + 2 days);
        vm.expectRevert(
            abi.encodeWithSelector(BinFiPool.PoolOutsideRaiseWindow.selector, later, T0 + 1 days, T0 + 2 days)
        );
        vm.prank(alice);
        pool.take(later, 1, "");
    }

    function test_RevertWhen_UnknownFund() public {
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolUnknownFund.selector, 99));
        vm.prank(alice);
        pool.supply(99, 1, "");
    }

    // ------------------------------------------------------------------ match / refund

    function test_MatchFirstComeFirstServed() public {
        uint256 r1 = _supply(alice, 2);
        uint256 f1 = _take(bob, 5);
        uint256 r2 = _supply(carol, 2);
        uint256 f2 = _take(carol, 3);
        // Rock 4, Flame 8 -> 4 matched: f1 gets 4 of 5, f2 none.
        vm.warp(RAISE_END);
        vm.expectEmit(true, false, false, true, address(pool));
        emit FundMatched(fundId, 4, 8, 4, 8 * PRICE, custody, RAISE_END, RAISE_END + TERM);
        vm.prank(operator);
        pool.matchFund(fundId);

        assertEq(usdt.balanceOf(custody), 8 * PRICE, "matched capital to custody");
        assertEq(pool.matchedUnitsOf(r1), 2, "r1 fully matched");
        assertEq(pool.matchedUnitsOf(r2), 2, "r2 fully matched");
        assertEq(pool.matchedUnitsOf(f1), 4, "f1 partly matched");
        assertEq(pool.matchedUnitsOf(f2), 0, "f2 unmatched");
        assertEq(pool.refundableOf(fundId), 4 * PRICE, "4 flame units refundable");
        _checkAccounting();

        uint256 bobBefore = usdt.balanceOf(bob);
        vm.expectEmit(true, true, true, true, address(pool));
        emit RefundClaimed(fundId, f1, bob, 1, PRICE);
        vm.prank(bob);
        pool.claimRefund(f1);
        assertEq(usdt.balanceOf(bob), bobBefore + PRICE, "bob refunded one unit");

        vm.prank(carol);
        pool.claimRefund(f2);
        assertEq(pool.refundableOf(fundId), 0, "all refunds claimed");
        assertEq(usdt.balanceOf(address(pool)), 0, "pool empty");
        _checkAccounting();
    }

    function test_UnsuccessfulMatchRefundsEverything() public {
        uint256 r1 = _supply(alice, 3);
        _match();
        assertEq(pool.getFund(fundId).matchedUnits, 0, "nothing matched");
        vm.prank(alice);
        pool.claimRefund(r1);
        assertEq(usdt.balanceOf(alice), 1_000_000e6, "alice got everything back");
        _checkAccounting();
    }

    function test_RevertWhen_MatchBeforeRaiseEnd() public {
        vm.warp(RAISE_END - 1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolRaiseNotEnded.selector, fundId, RAISE_END));
        vm.prank(operator);
        pool.matchFund(fundId);
    }

    function test_RevertWhen_MatchTwice() public {
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotRaising.selector, fundId));
        vm.prank(operator);
        pool.matchFund(fundId);
    }

    function test_RevertWhen_OrderAfterMatch() public {
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotRaising.selector, fundId));
        _supply(alice, 1);
    }

    function test_RevertWhen_RefundBeforeMatch() public {
        uint256 r1 = _supply(alice, 1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotMatched.selector, fundId));
        vm.prank(alice);
        pool.claimRefund(r1);
    }

    function test_RevertWhen_RefundTwiceOrFullyMatched() public {
        uint256 r1 = _supply(alice, 2);
        uint256 f1 = _take(bob, 3);
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingToRefund.selector, r1));
        vm.prank(alice);
        pool.claimRefund(r1);
        vm.prank(bob);
        pool.claimRefund(f1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingToRefund.selector, f1));
        vm.prank(bob);
        pool.claimRefund(f1);
    }

    function test_RevertWhen_RefundByOther() public {
        _supply(alice, 2);
        uint256 f1 = _take(bob, 3);
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotOrderOwner.selector, f1, alice));
        vm.prank(alice);
        pool.claimRefund(f1);
    }

    // ------------------------------------------------------------------ redeem / settle

    function test_RedeemAndSettle() public {
        uint256 r1 = _supply(alice, 2);
        uint256 r2 = _supply(carol, 2);
        uint256 f1 = _take(bob, 4);
        _match();

        vm.expectEmit(true, true, true, true, address(pool));
        emit RockRedeemed(fundId, r2, carol, 2);
        vm.prank(carol);
        pool.redeem(r2);
        assertEq(pool.getFund(fundId).redeemedRockUnits, 2, "redeemed units");

        uint256 carolBefore = usdt.balanceOf(carol);
        vm.prank(operator);
        pool.payRedemption(r2, 2 * PRICE + 10e6);
        assertEq(usdt.balanceOf(carol), carolBefore + 2 * PRICE + 10e6, "redemption paid by the operator");

        vm.warp(RAISE_END + TERM);
        uint256 rockPpu = 1_040e6;
        uint256 flamePpu = 1_300e6;
        uint256 total = 2 * rockPpu + 4 * flamePpu;
        vm.expectEmit(true, false, false, true, address(pool));
        emit FundSettled(fundId, rockPpu, flamePpu, total);
        vm.prank(operator);
        pool.settle(fundId, rockPpu, flamePpu);
        assertEq(usdt.balanceOf(address(pool)), total, "operator funded the payouts");

        uint256 aliceBefore = usdt.balanceOf(alice);
        vm.prank(alice);
        pool.claimPayout(r1);
        assertEq(usdt.balanceOf(alice), aliceBefore + 2 * rockPpu, "rock payout");
        uint256 bobBefore = usdt.balanceOf(bob);
        vm.prank(bob);
        pool.claimPayout(f1);
        assertEq(usdt.balanceOf(bob), bobBefore + 4 * flamePpu, "flame payout");

        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingMatched.selector, r2));
        vm.prank(carol);
        pool.claimPayout(r2);

        BinFiPool.Accounts memory a = pool.accountsOf(fundId);
        assertEq(a.payoutFunded, a.payoutClaimed, "all payouts claimed");
        assertEq(usdt.balanceOf(address(pool)), 0, "pool empty");
        _checkAccounting();
    }

    function test_RevertWhen_RedeemIsNotReversibleOrRepeatable() public {
        uint256 r1 = _supply(alice, 1);
        _take(bob, 1);
        _match();
        vm.prank(alice);
        pool.redeem(r1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolAlreadyRedeemed.selector, r1));
        vm.prank(alice);
        pool.redeem(r1);
    }

    function test_RevertWhen_RedeemFlame() public {
        _supply(alice, 1);
        uint256 f1 = _take(bob, 1);
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotRock.selector, f1));
        vm.prank(bob);
        pool.redeem(f1);
    }

    function test_RevertWhen_RedeemUnmatchedOrBeforeMatch() public {
        uint256 r1 = _supply(alice, 1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotMatched.selector, fundId));
        vm.prank(alice);
        pool.redeem(r1);
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingMatched.selector, r1));
        vm.prank(alice);
        pool.redeem(r1);
    }

    function test_RevertWhen_RedeemAfterSettle() public {
        uint256 r1 = _supply(alice, 1);
        _take(bob, 1);
        _match();
        vm.prank(operator);
        pool.settle(fundId, PRICE, PRICE);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolAlreadySettled.selector, fundId));
        vm.prank(alice);
        pool.redeem(r1);
    }

    function test_RevertWhen_PayRedemptionInvalid() public {
        uint256 r1 = _supply(alice, 1);
        _take(bob, 1);
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotRedeemed.selector, r1));
        vm.prank(operator);
        pool.payRedemption(r1, 1);
        vm.prank(alice);
        pool.redeem(r1);
        vm.prank(operator);
        pool.payRedemption(r1, 1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolRedemptionAlreadyPaid.selector, r1));
        vm.prank(operator);
        pool.payRedemption(r1, 1);
    }

    function test_RevertWhen_SettleInvalid() public {
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotMatched.selector, fundId));
        vm.prank(operator);
        pool.settle(fundId, 1, 1);
        _match();
        vm.prank(operator);
        pool.settle(fundId, 1, 1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolAlreadySettled.selector, fundId));
        vm.prank(operator);
        pool.settle(fundId, 1, 1);
    }

    function test_RevertWhen_ClaimPayoutBeforeSettleOrTwice() public {
        uint256 r1 = _supply(alice, 1);
        _take(bob, 1);
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotSettled.selector, fundId));
        vm.prank(alice);
        pool.claimPayout(r1);
        vm.prank(operator);
        pool.settle(fundId, 0, 0); // stop-loss with nothing left
        vm.prank(alice);
        pool.claimPayout(r1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolPayoutAlreadyClaimed.selector, r1));
        vm.prank(alice);
        pool.claimPayout(r1);
    }

    function test_SetCustody() public {
        vm.prank(admin);
        pool.setCustody(carol);
        assertEq(pool.custody(), carol, "custody updated");
        vm.expectRevert(BinFiPool.PoolZeroAddress.selector);
        vm.prank(admin);
        pool.setCustody(address(0));
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_MatchAndRefund(uint256 rockUnits, uint256 flameUnits) public {
        rockUnits = bound(rockUnits, 0, 5);
        flameUnits = bound(flameUnits, 0, 5);
        uint256 r = type(uint256).max;
        uint256 f = type(uint256).max;
        if (rockUnits > 0) r = _supply(alice, rockUnits);
        if (flameUnits > 0) f = _take(bob, flameUnits);
        _match();

        uint256 matched = rockUnits < flameUnits ? rockUnits : flameUnits;
        assertEq(pool.getFund(fundId).matchedUnits, matched, "matched = min of both sides");
        assertEq(usdt.balanceOf(custody), 2 * matched * PRICE, "custody got the matched capital");
        if (rockUnits > matched) {
            vm.prank(alice);
            pool.claimRefund(r);
        }
        if (flameUnits > matched) {
            vm.prank(bob);
            pool.claimRefund(f);
        }
        assertEq(usdt.balanceOf(address(pool)), 0, "every unmatched unit refunded");
        assertEq(usdt.balanceOf(alice), 1_000_000e6 - matched * PRICE, "alice paid only matched units");
        _checkAccounting();
    }

    function testFuzz_RevertWhen_InvalidUnits(uint256 units) public {
        units = units % 2 == 0 ? 0 : bound(units, 6, type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidUnits.selector, units));
        _supply(alice, units);
    }

    function testFuzz_SettlePayouts(uint256 rockUnits, uint256 flameUnits, uint256 rockPpu, uint256 flamePpu) public {
        rockUnits = bound(rockUnits, 1, 5);
        flameUnits = bound(flameUnits, 1, 5);
        rockPpu = bound(rockPpu, 0, 2 * PRICE);
        flamePpu = bound(flamePpu, 0, 10 * PRICE);
        uint256 r = _supply(alice, rockUnits);
        uint256 f = _take(bob, flameUnits);
        _match();
        uint256 matched = rockUnits < flameUnits ? rockUnits : flameUnits;
        uint256 operatorBefore = usdt.balanceOf(operator);
        vm.prank(operator);
        pool.settle(fundId, rockPpu, flamePpu);
        assertEq(
            operatorBefore - usdt.balanceOf(operator), matched * (rockPpu + flamePpu), "operator funded both sides"
        );

        uint256 aliceBefore = usdt.balanceOf(alice);
        uint256 bobBefore = usdt.balanceOf(bob);
        vm.prank(alice);
        pool.claimPayout(r);
        vm.prank(bob);
        pool.claimPayout(f);
        assertEq(usdt.balanceOf(alice) - aliceBefore, matched * rockPpu, "rock payout per matched unit");
        assertEq(usdt.balanceOf(bob) - bobBefore, matched * flamePpu, "flame payout per matched unit");
        assertEq(usdt.balanceOf(address(pool)), pool.refundableOf(fundId), "only refunds remain");
        _checkAccounting();
    }
}
