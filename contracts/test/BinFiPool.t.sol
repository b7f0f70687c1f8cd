// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {TestUSDT} from "../src/TestUSDT.sol";
import {BCNT} from "../src/BCNT.sol";
import {BinFiPool} from "../src/BinFiPool.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {BlacklistUSDT} from "./handlers/BinFiPoolHandler.sol";

contract BinFiPoolTest is Test {
    uint256 internal constant PRICE = 1_000e6;
    uint256 internal constant LOCK = 1_000e18;
    uint256 internal constant WAD = 1e18;
    uint64 internal constant T0 = 1_700_000_000;
    uint64 internal constant RAISE_END = T0 + 7 days;
    uint64 internal constant TERM = 180 days;

    TestUSDT internal usdt;
    BCNT internal bcnt;
    BinFiPool internal pool;
    address internal admin;
    address internal operator;
    uint256 internal operatorKey;
    address internal custody;
    address internal alice;
    address internal bob;
    address internal carol;
    address internal referrer;
    uint256 internal fundId;

    event FundCreated(
        uint256 indexed fundId,
        uint256 unitPrice,
        uint256 capacity,
        uint256 rockPerFlame,
        uint256 accountCap,
        uint256 lockPerUnit,
        uint64 raiseStart,
        uint64 raiseEnd,
        uint64 term,
        bool isPrivate
    );
    event OrderPlaced(
        uint256 indexed fundId,
        uint256 indexed orderId,
        address indexed owner,
        BinFiPool.Side side,
        BinFiPool.Pass pass,
        uint256 units,
        uint256 unitsBefore,
        uint256 amount,
        uint256 bcntLocked,
        address referrer
    );
    event FundMatched(
        uint256 indexed fundId,
        uint256 rockUnits,
        uint256 flameUnits,
        uint256 matchedRock,
        uint256 matchedFlame,
        uint256 matchedValue,
        uint256 refundTotal
    );
    event OrderPaid(
        uint256 indexed fundId,
        uint256 indexed orderId,
        address indexed owner,
        uint256 fromPeriod,
        uint256 toPeriod,
        uint256 amount,
        uint256 owedAmount
    );
    event RedemptionQueued(
        uint256 indexed fundId, uint256 indexed orderId, address indexed owner, uint256 units, uint256 queueIndex
    );

    function setUp() public {
        admin = makeAddr("admin");
        (operator, operatorKey) = makeAddrAndKey("operator");
        custody = makeAddr("custody");
        alice = makeAddr("alice");
        bob = makeAddr("bob");
        carol = makeAddr("carol");
        referrer = makeAddr("referrer");
        vm.warp(T0);
        usdt = new TestUSDT(admin);
        bcnt = new BCNT(admin);
        pool = new BinFiPool(IERC20(address(usdt)), IERC20(address(bcnt)), admin, operator, custody);
        address[4] memory people = [alice, bob, carol, operator];
        for (uint256 i = 0; i < people.length; i++) {
            vm.prank(admin);
            usdt.mint(people[i], 1_000_000e6);
            vm.prank(admin);
            bcnt.transfer(people[i], 100_000e18);
            vm.startPrank(people[i]);
            usdt.approve(address(pool), type(uint256).max);
            bcnt.approve(address(pool), type(uint256).max);
            vm.stopPrank();
        }
        fundId = _create(1, false);
    }

    // ------------------------------------------------------------------ helpers

    function _params(uint256 ratio, bool isPrivate) internal pure returns (BinFiPool.FundParams memory) {
        return BinFiPool.FundParams({
            unitPrice: PRICE,
            capacity: 10,
            rockPerFlame: ratio,
            accountCap: 10,
            lockPerUnit: LOCK,
            raiseStart: T0,
            raiseEnd: RAISE_END,
            term: TERM,
            isPrivate: isPrivate
        });
    }

    function _create(uint256 ratio, bool isPrivate) internal returns (uint256) {
        vm.prank(operator);
        return pool.createFund(_params(ratio, isPrivate));
    }

    function _supply(address who, uint256 units) internal returns (uint256) {
        vm.prank(who);
        return pool.supply(fundId, units, BinFiPool.Pass.General, address(0), 0, "");
    }

    function _take(address who, uint256 units) internal returns (uint256) {
        vm.prank(who);
        return pool.take(fundId, units, BinFiPool.Pass.General, referrer, 0, "");
    }

    function _sign(address account, uint256 id, uint64 expiry, uint256 key) internal view returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(key, pool.passDigest(account, id, expiry));
        return abi.encodePacked(r, s, v);
    }

    function _match() internal {
        vm.warp(RAISE_END);
        vm.prank(operator);
        pool.matchFund(fundId);
    }

    function _start() internal {
        _match();
        vm.prank(operator);
        pool.startFund(fundId);
    }

    function _fundReward(uint256 rate) internal {
        uint256 next = pool.periodCount(fundId);
        vm.prank(operator);
        pool.fundReward(fundId, next, rate);
    }

    function _ids(uint256 a) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](1);
        ids[0] = a;
    }

    function _ids(uint256 a, uint256 b) internal pure returns (uint256[] memory ids) {
        ids = new uint256[](2);
        ids[0] = a;
        ids[1] = b;
    }

    function _checkAccounting(uint256 id) internal view {
        BinFiPool.Accounts memory a = pool.accountsOf(id);
        assertLe(a.distributed, a.funded, "distributed never above funded");
        BinFiPool.Fund memory f = pool.getFund(id);
        if (f.status != BinFiPool.Status.Raising) {
            assertEq(a.deposited, a.matchedValue + pool.getPeriod(id, 0).total, "refund + matched = deposits");
        }
    }

    // ------------------------------------------------------------------ create

    function test_CreateFund() public {
        vm.expectEmit(true, false, false, true, address(pool));
        emit FundCreated(2, PRICE, 10, 3, 10, LOCK, T0, RAISE_END, TERM, true);
        uint256 id = _create(3, true);
        assertEq(id, 2, "second fund id");
        BinFiPool.Fund memory f = pool.getFund(id);
        assertEq(f.params.rockPerFlame, 3, "ratio");
        assertTrue(f.params.isPrivate, "private");
        assertTrue(f.status == BinFiPool.Status.Raising, "raising");
    }

    function test_RevertWhen_CreateFundInvalid() public {
        BinFiPool.FundParams memory p = _params(1, false);
        p.rockPerFlame = 10;
        vm.expectRevert(BinFiPool.PoolInvalidFund.selector);
        vm.prank(operator);
        pool.createFund(p);
        p = _params(1, false);
        p.accountCap = 0;
        vm.expectRevert(BinFiPool.PoolInvalidFund.selector);
        vm.prank(operator);
        pool.createFund(p);
        p = _params(1, false);
        p.raiseEnd = p.raiseStart;
        vm.expectRevert(BinFiPool.PoolInvalidFund.selector);
        vm.prank(operator);
        pool.createFund(p);
    }

    function test_RevertWhen_CreateFundByNonOperator() public {
        BinFiPool.FundParams memory p = _params(1, false);
        vm.expectRevert(
            abi.encodeWithSelector(
                IAccessControl.AccessControlUnauthorizedAccount.selector, alice, pool.OPERATOR_ROLE()
            )
        );
        vm.prank(alice);
        pool.createFund(p);
    }

    // ------------------------------------------------------------------ orders

    function test_SupplyAndTake() public {
        vm.expectEmit(true, true, true, true, address(pool));
        emit OrderPlaced(fundId, 0, alice, BinFiPool.Side.Rock, BinFiPool.Pass.General, 3, 0, 3 * PRICE, 0, address(0));
        _supply(alice, 3);
        vm.expectEmit(true, true, true, true, address(pool));
        emit OrderPlaced(fundId, 1, bob, BinFiPool.Side.Rock, BinFiPool.Pass.General, 2, 3, 2 * PRICE, 0, address(0));
        _supply(bob, 2);
        uint256 t = _take(bob, 4);
        BinFiPool.Order memory o = pool.getOrder(t);
        assertEq(o.owner, bob, "owner");
        assertEq(o.referrer, referrer, "referrer");
        assertEq(o.unitsBefore, 0, "first flame order");
        assertEq(pool.unitsOf(fundId, bob), 6, "bob's units in the round, both sides");
        assertEq(usdt.balanceOf(address(pool)), 9 * PRICE, "all paid in");
        assertEq(pool.accountsOf(fundId).deposited, 9 * PRICE, "deposited");
    }

    function test_RevertWhen_OrderRulesBroken() public {
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidUnits.selector, 6));
        _supply(alice, 6);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidReferrer.selector, alice));
        vm.prank(alice);
        pool.supply(fundId, 1, BinFiPool.Pass.General, alice, 0, "");
        _supply(alice, 5);
        _supply(alice, 4);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolAccountCapExceeded.selector, fundId, 1, 2));
        _take(alice, 2);
        _supply(bob, 1);
        vm.expectRevert(
            abi.encodeWithSelector(BinFiPool.PoolCapacityExceeded.selector, fundId, BinFiPool.Side.Rock, 0, 1)
        );
        _supply(carol, 1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolUnknownFund.selector, 9));
        vm.prank(alice);
        pool.take(9, 1, BinFiPool.Pass.General, address(0), 0, "");
    }

    function test_RevertWhen_OutsideRaiseWindow() public {
        vm.warp(RAISE_END);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolOutsideRaiseWindow.selector, fundId, T0, RAISE_END));
        _supply(alice, 1);
    }

    // ------------------------------------------------------------------ passes

    function test_HodlPassSignedOnceperRound() public {
        uint64 expiry = T0 + 1 days;
        bytes memory sig = _sign(alice, fundId, expiry, operatorKey);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolPassRequired.selector, fundId));
        vm.prank(alice);
        pool.supply(fundId, 1, BinFiPool.Pass.Hodl, address(0), expiry, "");
        // a pass signed for alice does not work for bob
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidPass.selector, fundId, bob));
        vm.prank(bob);
        pool.supply(fundId, 1, BinFiPool.Pass.Hodl, address(0), expiry, sig);
        // a pass not signed by an operator
        (, uint256 otherKey) = makeAddrAndKey("stranger");
        bytes memory forged = _sign(alice, fundId, expiry, otherKey);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidPass.selector, fundId, alice));
        vm.prank(alice);
        pool.supply(fundId, 1, BinFiPool.Pass.Hodl, address(0), expiry, forged);

        vm.prank(alice);
        uint256 id = pool.supply(fundId, 2, BinFiPool.Pass.Hodl, address(0), expiry, sig);
        assertTrue(pool.getOrder(id).pass == BinFiPool.Pass.Hodl, "hodl order");
        assertTrue(pool.passUsed(fundId, alice), "pass used");
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolPassUsed.selector, fundId, alice));
        vm.prank(alice);
        pool.take(fundId, 1, BinFiPool.Pass.Hodl, address(0), expiry, sig);

        // the same account's pass for another round still works
        uint256 other = _create(1, false);
        bytes memory sig2 = _sign(alice, other, expiry, operatorKey);
        vm.prank(alice);
        pool.take(other, 1, BinFiPool.Pass.Hodl, address(0), expiry, sig2);

        vm.warp(expiry + 1);
        bytes memory late = _sign(bob, fundId, expiry, operatorKey);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolPassExpired.selector, fundId, expiry));
        vm.prank(bob);
        pool.supply(fundId, 1, BinFiPool.Pass.Hodl, address(0), expiry, late);
    }

    function test_PrivateRoundNeedsASignedPass() public {
        uint256 id = _create(1, true);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolPassRequired.selector, id));
        vm.prank(bob);
        pool.take(id, 1, BinFiPool.Pass.General, address(0), 0, "");
        uint64 expiry = T0 + 1 hours;
        bytes memory sig = _sign(bob, id, expiry, operatorKey);
        vm.startPrank(bob);
        pool.take(id, 1, BinFiPool.Pass.General, address(0), expiry, sig);
        // a general pass in a private round is not used up
        pool.take(id, 1, BinFiPool.Pass.Locking, address(0), expiry, sig);
        vm.stopPrank();
        assertFalse(pool.passUsed(id, bob), "not a hodl pass");
    }

    function test_LockingPassHoldsBcntUntilTheStakeEnds() public {
        vm.prank(alice);
        uint256 r = pool.supply(fundId, 2, BinFiPool.Pass.Locking, address(0), 0, "");
        vm.prank(bob);
        uint256 r2 = pool.supply(fundId, 3, BinFiPool.Pass.Locking, address(0), 0, "");
        _take(carol, 2);
        assertEq(bcnt.balanceOf(address(pool)), 5 * LOCK, "BCNT locked per unit");
        _start();
        // bob's order is wholly unmatched: its BCNT comes back with the refund
        uint256 bobBefore = bcnt.balanceOf(bob);
        vm.prank(operator);
        pool.payout(fundId, 0, _ids(r, r2));
        assertEq(bcnt.balanceOf(bob) - bobBefore, 3 * LOCK, "unmatched order's BCNT released");
        assertEq(bcnt.balanceOf(address(pool)), 2 * LOCK, "alice's still locked while running");
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingToClaim.selector, r));
        vm.prank(alice);
        pool.claim(r);
        vm.prank(operator);
        pool.stopLoss(fundId);
        uint256 aliceBefore = bcnt.balanceOf(alice);
        vm.prank(alice);
        pool.claim(r);
        assertEq(bcnt.balanceOf(alice) - aliceBefore, 2 * LOCK, "released at the stop-loss");
        assertEq(bcnt.balanceOf(address(pool)), 0, "nothing locked");
    }

    // ------------------------------------------------------------------ match and refund

    function test_MatchWithCutoffAndRatio() public {
        fundId = _create(2, false);
        uint256 r1 = _supply(alice, 3);
        uint256 r2 = _supply(bob, 4);
        uint256 r3 = _supply(carol, 2);
        uint256 f1 = _take(alice, 3);
        uint256 f2 = _take(bob, 2);
        // pairable Flame units = 9 / 2 = 4: 8 Rock + 4 Flame matched
        vm.warp(RAISE_END);
        vm.expectEmit(true, false, false, true, address(pool));
        emit FundMatched(fundId, 9, 5, 8, 4, 12 * PRICE, 2 * PRICE);
        vm.prank(operator);
        pool.matchFund(fundId);
        assertEq(pool.matchedUnitsOf(r1), 3, "first rock order whole");
        assertEq(pool.matchedUnitsOf(r2), 4, "second rock order whole");
        assertEq(pool.matchedUnitsOf(r3), 1, "third rock order in part");
        assertEq(pool.matchedUnitsOf(f1), 3, "first flame order whole");
        assertEq(pool.matchedUnitsOf(f2), 1, "second flame order in part");
        assertEq(pool.claimableOf(r3), PRICE, "r3 refund");
        assertEq(pool.claimableOf(f2), PRICE, "f2 refund");
        assertEq(pool.claimableOf(r1), 0, "nothing to refund to r1");
        _checkAccounting(fundId);
    }

    function test_RefundByBatchIsRetrySafe() public {
        uint256 r = _supply(alice, 5);
        uint256 f = _take(bob, 2);
        _match();
        uint256[] memory ids = _ids(r, f);
        uint256 before = usdt.balanceOf(alice);
        vm.expectEmit(true, true, true, true, address(pool));
        emit OrderPaid(fundId, r, alice, 0, 1, 3 * PRICE, 0);
        vm.prank(operator);
        pool.payout(fundId, 0, ids);
        assertEq(usdt.balanceOf(alice) - before, 3 * PRICE, "the unmatched part refunded");
        // the job retried: nothing is paid twice
        vm.prank(operator);
        pool.payout(fundId, 0, ids);
        assertEq(usdt.balanceOf(alice) - before, 3 * PRICE, "not paid twice");
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingToClaim.selector, r));
        vm.prank(alice);
        pool.claim(r);
        assertEq(pool.getOrder(r).cursor, 1, "cursor past the refund");
        _checkAccounting(fundId);
    }

    function test_UnmatchedRoundRefundsEverything() public {
        uint256 r = _supply(alice, 3);
        _match();
        assertTrue(pool.getFund(fundId).status == BinFiPool.Status.Unmatched, "unmatched");
        vm.prank(alice);
        pool.claim(r);
        assertEq(usdt.balanceOf(alice), 1_000_000e6, "all back");
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolWrongStatus.selector, fundId, BinFiPool.Status.Unmatched));
        vm.prank(operator);
        pool.startFund(fundId);
    }

    function test_RevertWhen_MatchTooEarlyOrTwice() public {
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolRaiseNotEnded.selector, fundId, RAISE_END));
        vm.prank(operator);
        pool.matchFund(fundId);
        _supply(alice, 1);
        _take(bob, 1);
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolWrongStatus.selector, fundId, BinFiPool.Status.Matched));
        vm.prank(operator);
        pool.matchFund(fundId);
    }

    function test_RevertWhen_PayoutInvalid() public {
        uint256 r = _supply(alice, 1);
        _take(bob, 1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolUnknownPeriod.selector, fundId, 0));
        vm.prank(operator);
        pool.payout(fundId, 0, _ids(r));
        uint256 other = _create(1, false);
        vm.prank(carol);
        uint256 elsewhere = pool.supply(other, 1, BinFiPool.Pass.General, address(0), 0, "");
        _match();
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolOrderNotInFund.selector, elsewhere, fundId));
        vm.prank(operator);
        pool.payout(fundId, 0, _ids(elsewhere));
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotOrderOwner.selector, r, bob));
        vm.prank(bob);
        pool.claim(r);
        uint256[] memory many = new uint256[](101);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolBatchTooLarge.selector, 101, 100));
        vm.prank(operator);
        pool.payout(fundId, 0, many);
    }

    // ------------------------------------------------------------------ running

    function test_RunRewardsRedeemAndSettle() public {
        uint256 r1 = _supply(alice, 2);
        uint256 r2 = _supply(bob, 3);
        uint256 f1 = _take(carol, 5);
        _start();
        assertEq(usdt.balanceOf(custody), 10 * PRICE, "matched capital at custody");
        BinFiPool.Fund memory f = pool.getFund(fundId);
        assertEq(uint256(f.maturity), uint256(RAISE_END) + TERM, "maturity from the start");

        // month 1: 10 USDT per Rock unit
        _fundReward(10e6 * WAD);
        // bob redeems: queued, keeps month 1, gets nothing later
        vm.expectEmit(true, true, true, true, address(pool));
        emit RedemptionQueued(fundId, r2, bob, 3, 0);
        vm.prank(bob);
        pool.redeem(r2);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolAlreadyRedeemed.selector, r2));
        vm.prank(bob);
        pool.redeem(r2);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotRock.selector, f1));
        vm.prank(carol);
        pool.redeem(f1);
        // a retried job cannot fund month 1 again
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolUnknownPeriod.selector, fundId, 1));
        vm.prank(operator);
        pool.fundReward(fundId, 1, 10e6 * WAD);
        // month 2 is funded only for alice's 2 units
        uint256 opBefore = usdt.balanceOf(operator);
        _fundReward(10e6 * WAD);
        assertEq(opBefore - usdt.balanceOf(operator), 20e6, "funded for the units still in");

        uint256 bobBefore = usdt.balanceOf(bob);
        vm.prank(operator);
        pool.payout(fundId, 2, _ids(r1, r2));
        assertEq(usdt.balanceOf(bob) - bobBefore, 30e6, "bob: month 1 only");

        // the redemption queue, first in first out, with the order checked
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolRedemptionQueueMismatch.selector, 0, r2, r1));
        vm.prank(operator);
        pool.payRedemptions(_ids(r1), _ids(1));
        uint256[] memory amounts = _ids(3 * PRICE + 5e6);
        vm.prank(operator);
        pool.payRedemptions(_ids(r2), amounts);
        assertEq(usdt.balanceOf(bob) - bobBefore, 30e6 + 3 * PRICE + 5e6, "redemption paid");
        assertEq(pool.redemptionHead(), 1, "queue popped");
        vm.expectRevert(
            abi.encodeWithSelector(BinFiPool.PoolRedemptionQueueMismatch.selector, 1, type(uint256).max, r2)
        );
        vm.prank(operator);
        pool.payRedemptions(_ids(r2), amounts);

        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNotMature.selector, fundId, f.maturity));
        pool.mature(fundId);
        vm.warp(f.maturity);
        pool.mature(fundId);
        uint256 next = pool.periodCount(fundId);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolWrongStatus.selector, fundId, BinFiPool.Status.Matured));
        vm.prank(operator);
        pool.fundReward(fundId, next, 1);
        // Rock: capital + last month; Flame: its result
        vm.prank(operator);
        pool.settle(fundId, (PRICE + 10e6) * WAD, 1_500e6 * WAD);
        uint256 aliceBefore = usdt.balanceOf(alice);
        vm.prank(alice);
        pool.claim(r1);
        assertEq(usdt.balanceOf(alice) - aliceBefore, 2 * PRICE + 20e6, "alice: capital and last month");
        uint256 carolBefore = usdt.balanceOf(carol);
        vm.prank(carol);
        pool.claim(f1);
        assertEq(usdt.balanceOf(carol) - carolBefore, 5 * 1_500e6, "flame result");
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingToClaim.selector, r2));
        vm.prank(bob);
        pool.claim(r2);
        assertEq(usdt.balanceOf(address(pool)), 0, "everything funded was paid");
        _checkAccounting(fundId);
    }

    function test_StopLossDeadlineAndDefault() public {
        uint256 r = _supply(alice, 2);
        uint256 f1 = _take(bob, 2);
        _start();
        _fundReward(5e6 * WAD);
        vm.prank(operator);
        pool.stopLoss(fundId);
        BinFiPool.Fund memory f = pool.getFund(fundId);
        assertEq(uint256(f.stopDeadline), uint256(RAISE_END) + 3 days, "3 days to return");
        uint256 next = pool.periodCount(fundId);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolWrongStatus.selector, fundId, BinFiPool.Status.StoppedOut));
        vm.prank(operator);
        pool.fundReward(fundId, next, 1);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolDeadlineNotPassed.selector, fundId, f.stopDeadline));
        pool.markDefault(fundId);
        vm.warp(f.stopDeadline);
        pool.markDefault(fundId);
        f = pool.getFund(fundId);
        assertTrue(f.status == BinFiPool.Status.Settled && f.defaulted, "settled as defaulted");
        // what the contract holds (the funded month) is still claimable
        uint256 before = usdt.balanceOf(alice);
        vm.prank(alice);
        pool.claim(r);
        assertEq(usdt.balanceOf(alice) - before, 10e6, "month 1 reward");
        // flame's periods were all 0: the batch moves its cursor and pays nothing
        vm.prank(operator);
        pool.payout(fundId, 2, _ids(f1));
        assertEq(pool.getOrder(f1).cursor, 3, "cursor at the end");
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingToClaim.selector, f1));
        vm.prank(bob);
        pool.claim(f1);
    }

    function test_StopLossSettledInTime() public {
        _supply(alice, 2);
        uint256 f1 = _take(bob, 2);
        _start();
        vm.prank(operator);
        pool.stopLoss(fundId);
        vm.warp(RAISE_END + 2 days);
        vm.prank(operator);
        pool.settle(fundId, PRICE * WAD, 0); // Rock whole, Flame lost everything
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolWrongStatus.selector, fundId, BinFiPool.Status.Settled));
        pool.markDefault(fundId);
        uint256 before = usdt.balanceOf(bob);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingToClaim.selector, f1));
        vm.prank(bob);
        pool.claim(f1);
        vm.prank(operator);
        pool.payout(fundId, 1, _ids(f1)); // the batch moves the cursor, paying 0
        assertEq(usdt.balanceOf(bob), before, "flame got 0");
        assertEq(pool.getOrder(f1).cursor, 2, "cursor at the end");
    }

    function test_FailedTransferIsOwedNotBlocking() public {
        BlacklistUSDT bad = new BlacklistUSDT();
        BinFiPool p2 = new BinFiPool(IERC20(address(bad)), IERC20(address(bcnt)), admin, operator, custody);
        address[3] memory people = [alice, bob, operator];
        for (uint256 i = 0; i < people.length; i++) {
            bad.mint(people[i], 1_000_000e6);
            vm.prank(people[i]);
            bad.approve(address(p2), type(uint256).max);
        }
        vm.prank(operator);
        uint256 id = p2.createFund(_params(1, false));
        vm.prank(alice);
        uint256 r = p2.supply(id, 4, BinFiPool.Pass.General, address(0), 0, "");
        vm.prank(bob);
        uint256 f = p2.take(id, 1, BinFiPool.Pass.General, address(0), 0, "");
        vm.warp(RAISE_END);
        vm.prank(operator);
        p2.matchFund(id);
        bad.setBlacklisted(alice, true);
        vm.expectEmit(true, true, true, true, address(p2));
        emit OrderPaid(id, r, alice, 0, 1, 0, 3 * PRICE);
        vm.prank(operator);
        p2.payout(id, 0, _ids(r, f));
        assertEq(p2.owed(address(bad), alice), 3 * PRICE, "alice's refund owed");
        assertEq(p2.getOrder(f).cursor, 1, "the batch went on");
        vm.prank(alice);
        p2.withdrawOwed(IERC20(address(bad)), carol);
        assertEq(bad.balanceOf(carol), 3 * PRICE, "withdrawn to another address");
        assertEq(p2.totalOwed(address(bad)), 0, "nothing owed");
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolNothingOwed.selector, address(bad), alice));
        vm.prank(alice);
        p2.withdrawOwed(IERC20(address(bad)), carol);
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

    function testFuzz_MatchAndRefund(uint256 ratio, uint256 a, uint256 b, uint256 c, uint256 d) public {
        ratio = bound(ratio, 1, 3);
        fundId = _create(ratio, false);
        uint256 r1 = _supply(alice, bound(a, 1, 5));
        uint256 r2 = _supply(bob, bound(b, 1, 5));
        uint256 f1 = _take(carol, bound(c, 1, 5));
        uint256 f2 = _take(operator, bound(d, 1, 5));
        _match();
        if (pool.getFund(fundId).status == BinFiPool.Status.Matched) {
            vm.prank(operator);
            pool.startFund(fundId);
        }
        uint256 rock = pool.getOrder(r1).units + pool.getOrder(r2).units;
        uint256 flame = pool.getOrder(f1).units + pool.getOrder(f2).units;
        uint256 matchedFlame = flame < rock / ratio ? flame : rock / ratio;
        BinFiPool.Fund memory f = pool.getFund(fundId);
        assertEq(f.matchedFlame, matchedFlame, "min(flame, rock / ratio)");
        assertEq(f.matchedRock, matchedFlame * ratio, "rock = flame x ratio");
        assertEq(pool.matchedUnitsOf(r1) + pool.matchedUnitsOf(r2), f.matchedRock, "rock orders' matched units add up");
        assertEq(
            pool.matchedUnitsOf(f1) + pool.matchedUnitsOf(f2), f.matchedFlame, "flame orders' matched units add up"
        );
        uint256[] memory ids = new uint256[](4);
        (ids[0], ids[1], ids[2], ids[3]) = (r1, r2, f1, f2);
        vm.prank(operator);
        pool.payout(fundId, 0, ids);
        assertEq(usdt.balanceOf(address(pool)), 0, "every unmatched unit refunded");
        assertEq(usdt.balanceOf(custody), (f.matchedRock + matchedFlame) * PRICE, "custody got the matched capital");
        _checkAccounting(fundId);
    }

    function testFuzz_RevertWhen_InvalidUnits(uint256 units) public {
        units = units % 2 == 0 ? 0 : bound(units, 6, type(uint256).max);
        vm.expectRevert(abi.encodeWithSelector(BinFiPool.PoolInvalidUnits.selector, units));
        _supply(alice, units);
    }

    /// @dev Rates that do not divide: each order rounds down, the total never exceeds the funding.
    function testFuzz_SettleRoundsDownPerOrder(uint256 a, uint256 b, uint256 c, uint256 rockRate, uint256 flameRate)
        public
    {
        uint256 r1 = _supply(alice, bound(a, 1, 5));
        uint256 r2 = _supply(bob, bound(b, 1, 5));
        uint256 f1 = _take(carol, bound(c, 1, 5));
        _start();
        rockRate = bound(rockRate, 0, 2 * PRICE * WAD);
        flameRate = bound(flameRate, 0, 10 * PRICE * WAD);
        vm.warp(pool.getFund(fundId).maturity);
        pool.mature(fundId);
        uint256 opBefore = usdt.balanceOf(operator);
        vm.prank(operator);
        pool.settle(fundId, rockRate, flameRate);
        uint256 funded = opBefore - usdt.balanceOf(operator);
        BinFiPool.Fund memory f = pool.getFund(fundId);
        assertEq(funded, rockRate * f.matchedRock / WAD + flameRate * f.matchedFlame / WAD, "funding rounds down");
        uint256[] memory ids = new uint256[](3);
        (ids[0], ids[1], ids[2]) = (r1, r2, f1);
        vm.prank(operator);
        pool.payout(fundId, 1, ids);
        assertEq(usdt.balanceOf(address(pool)), funded - _paid(ids, f, rockRate, flameRate), "dust stays");
        _checkAccounting(fundId);
    }

    function _paid(uint256[] memory ids, BinFiPool.Fund memory f, uint256 rockRate, uint256 flameRate)
        internal
        view
        returns (uint256 total)
    {
        f;
        for (uint256 i = 0; i < ids.length; i++) {
            BinFiPool.Order memory o = pool.getOrder(ids[i]);
            uint256 rate = o.side == BinFiPool.Side.Rock ? rockRate : flameRate;
            total += pool.matchedUnitsOf(ids[i]) * rate / WAD;
        }
    }
}
