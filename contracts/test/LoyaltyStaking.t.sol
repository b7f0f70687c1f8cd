// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "./utils/Test.sol";
import {BCNT} from "../src/BCNT.sol";
import {LoyaltyStaking} from "../src/LoyaltyStaking.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

contract LoyaltyStakingTest is Test {
    BCNT internal bcnt;
    LoyaltyStaking internal staking;
    address internal owner;
    address internal treasury;
    address internal alice;
    address internal bob;

    event Staked(address indexed account, uint256 amount, uint256 newStaked);
    event UnstakeRequested(address indexed account, uint256 indexed requestId, uint256 amount, uint256 unlockAt);
    event Withdrawn(address indexed account, uint256 indexed requestId, uint256 amount);
    event ThresholdsUpdated(uint256 level2, uint256 level3, uint256 level4);

    function setUp() public {
        owner = makeAddr("owner");
        treasury = makeAddr("treasury");
        alice = makeAddr("alice");
        bob = makeAddr("bob");
        vm.warp(1_700_000_000);
        bcnt = new BCNT(treasury);
        staking = new LoyaltyStaking(IERC20(address(bcnt)), owner);
        vm.startPrank(treasury);
        assertTrue(bcnt.transfer(alice, 1_000_000 ether), "fund alice");
        assertTrue(bcnt.transfer(bob, 1_000_000 ether), "fund bob");
        vm.stopPrank();
        vm.prank(alice);
        bcnt.approve(address(staking), type(uint256).max);
        vm.prank(bob);
        bcnt.approve(address(staking), type(uint256).max);
    }

    function _stake(address who, uint256 amount) internal {
        vm.prank(who);
        staking.stake(amount);
    }

    function _request(address who, uint256 amount) internal returns (uint256 id) {
        vm.prank(who);
        id = staking.requestUnstake(amount);
    }

    // ------------------------------------------------------------------ deployment

    function test_DefaultThresholds() public view {
        (uint256 l2, uint256 l3, uint256 l4) = staking.thresholds();
        assertEq(l2, 10_000 ether, "level 2 default");
        assertEq(l3, 50_000 ether, "level 3 default");
        assertEq(l4, 200_000 ether, "level 4 default");
        assertEq(address(staking.token()), address(bcnt), "token");
        assertEq(staking.owner(), owner, "owner");
        assertEq(staking.UNSTAKE_DELAY(), 14 days, "delay");
    }

    function test_RevertWhen_TokenIsZero() public {
        vm.expectRevert(LoyaltyStaking.StakingZeroToken.selector);
        new LoyaltyStaking(IERC20(address(0)), owner);
    }

    // ------------------------------------------------------------------ stake

    function test_Stake() public {
        vm.expectEmit(true, false, false, true, address(staking));
        emit Staked(alice, 10_000 ether, 10_000 ether);
        _stake(alice, 10_000 ether);

        assertEq(staking.stakedOf(alice), 10_000 ether, "staked");
        assertEq(staking.totalStaked(), 10_000 ether, "total staked");
        assertEq(bcnt.balanceOf(address(staking)), 10_000 ether, "contract holds the stake");
        assertEq(uint256(staking.levelOf(alice)), 2, "level 2 at the threshold");
    }

    function test_RevertWhen_StakeZero() public {
        vm.expectRevert(LoyaltyStaking.StakingZeroAmount.selector);
        _stake(alice, 0);
    }

    function test_RevertWhen_StakeWithoutAllowance() public {
        address carol = makeAddr("carol");
        vm.prank(treasury);
        assertTrue(bcnt.transfer(carol, 1 ether), "fund carol");
        vm.expectRevert();
        _stake(carol, 1 ether);
    }

    function test_Levels() public {
        assertEq(uint256(staking.levelOf(alice)), 0, "nothing staked: level 0");
        _stake(alice, 9_999 ether);
        assertEq(uint256(staking.levelOf(alice)), 0, "below level 2");
        _stake(alice, 1 ether);
        assertEq(uint256(staking.levelOf(alice)), 2, "level 2");
        _stake(alice, 40_000 ether);
        assertEq(uint256(staking.levelOf(alice)), 3, "level 3");
        _stake(alice, 150_000 ether);
        assertEq(uint256(staking.levelOf(alice)), 4, "level 4");
    }

    // ------------------------------------------------------------------ unstake

    function test_RequestUnstake() public {
        _stake(alice, 60_000 ether);
        uint256 unlockAt = block.timestamp + 14 days;

        vm.expectEmit(true, true, false, true, address(staking));
        emit UnstakeRequested(alice, 0, 20_000 ether, unlockAt);
        uint256 id = _request(alice, 20_000 ether);

        assertEq(id, 0, "first request id");
        assertEq(staking.stakedOf(alice), 40_000 ether, "staked reduced");
        assertEq(staking.pendingOf(alice), 20_000 ether, "pending");
        assertEq(staking.totalPending(), 20_000 ether, "total pending");
        assertEq(staking.levelAmountOf(alice), 60_000 ether, "level amount keeps pending");
        assertEq(uint256(staking.levelOf(alice)), 3, "level kept during the cooldown");

        LoyaltyStaking.UnstakeRequest memory r = staking.getRequest(id);
        assertEq(r.owner, alice, "request owner");
        assertEq(uint256(r.amount), 20_000 ether, "request amount");
        assertEq(uint256(r.unlockAt), unlockAt, "request unlock time");
        assertFalse(r.withdrawn, "not withdrawn");
        uint256[] memory ids = staking.requestIdsOf(alice);
        assertEq(ids.length, 1, "one id listed");
        assertEq(ids[0], id, "listed id");
        assertEq(staking.requestCount(), 1, "request count");
    }

    function test_RevertWhen_RequestUnstakeZero() public {
        vm.expectRevert(LoyaltyStaking.StakingZeroAmount.selector);
        _request(alice, 0);
    }

    function test_RevertWhen_RequestUnstakeExceedsStake() public {
        _stake(alice, 5 ether);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingInsufficientStake.selector, 5 ether, 6 ether));
        _request(alice, 6 ether);
    }

    function test_RevertWhen_RequestUnstakeOfPendingAmount() public {
        _stake(alice, 5 ether);
        _request(alice, 5 ether);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingInsufficientStake.selector, 0, 1 ether));
        _request(alice, 1 ether);
    }

    // ------------------------------------------------------------------ withdraw

    function test_Withdraw() public {
        _stake(alice, 60_000 ether);
        uint256 id = _request(alice, 20_000 ether);
        uint256 before = bcnt.balanceOf(alice);

        vm.warp(block.timestamp + 14 days);
        vm.expectEmit(true, true, false, true, address(staking));
        emit Withdrawn(alice, id, 20_000 ether);
        vm.prank(alice);
        staking.withdraw(id);

        assertEq(bcnt.balanceOf(alice), before + 20_000 ether, "paid out");
        assertEq(staking.pendingOf(alice), 0, "pending cleared");
        assertEq(staking.totalPending(), 0, "total pending cleared");
        assertTrue(staking.getRequest(id).withdrawn, "marked withdrawn");
        assertEq(uint256(staking.levelOf(alice)), 2, "level drops after withdraw");
    }

    function test_RevertWhen_WithdrawBeforeUnlock() public {
        _stake(alice, 1 ether);
        uint256 id = _request(alice, 1 ether);
        uint256 unlockAt = block.timestamp + 14 days;
        vm.warp(unlockAt - 1);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingRequestLocked.selector, id, unlockAt));
        vm.prank(alice);
        staking.withdraw(id);
    }

    function test_RevertWhen_WithdrawByOther() public {
        _stake(alice, 1 ether);
        uint256 id = _request(alice, 1 ether);
        vm.warp(block.timestamp + 14 days);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingNotRequestOwner.selector, id, bob));
        vm.prank(bob);
        staking.withdraw(id);
    }

    function test_RevertWhen_WithdrawTwice() public {
        _stake(alice, 1 ether);
        uint256 id = _request(alice, 1 ether);
        vm.warp(block.timestamp + 14 days);
        vm.prank(alice);
        staking.withdraw(id);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingAlreadyWithdrawn.selector, id));
        vm.prank(alice);
        staking.withdraw(id);
    }

    function test_RevertWhen_WithdrawUnknownRequest() public {
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingUnknownRequest.selector, 7));
        vm.prank(alice);
        staking.withdraw(7);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingUnknownRequest.selector, 7));
        staking.getRequest(7);
    }

    // ------------------------------------------------------------------ thresholds

    function test_SetThresholds() public {
        _stake(alice, 1_000 ether);
        vm.expectEmit(false, false, false, true, address(staking));
        emit ThresholdsUpdated(1_000 ether, 2_000 ether, 3_000 ether);
        vm.prank(owner);
        staking.setThresholds(1_000 ether, 2_000 ether, 3_000 ether);
        (uint256 l2, uint256 l3, uint256 l4) = staking.thresholds();
        assertEq(l2, 1_000 ether, "level 2 set");
        assertEq(l3, 2_000 ether, "level 3 set");
        assertEq(l4, 3_000 ether, "level 4 set");
        assertEq(uint256(staking.levelOf(alice)), 2, "level follows new thresholds");
    }

    function test_RevertWhen_SetThresholdsByNonOwner() public {
        vm.expectRevert(abi.encodeWithSelector(Ownable.OwnableUnauthorizedAccount.selector, alice));
        vm.prank(alice);
        staking.setThresholds(1, 2, 3);
    }

    function test_RevertWhen_ThresholdsNotIncreasing() public {
        vm.startPrank(owner);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingThresholdsNotIncreasing.selector, 2, 2, 3));
        staking.setThresholds(2, 2, 3);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingThresholdsNotIncreasing.selector, 1, 3, 3));
        staking.setThresholds(1, 3, 3);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingThresholdsNotIncreasing.selector, 0, 1, 2));
        staking.setThresholds(0, 1, 2);
        vm.stopPrank();
    }

    // ------------------------------------------------------------------ fuzz

    function testFuzz_LevelOf(uint256 amount) public {
        amount = bound(amount, 1, 1_000_000 ether);
        _stake(alice, amount);
        uint256 expected = amount >= 200_000 ether ? 4 : amount >= 50_000 ether ? 3 : amount >= 10_000 ether ? 2 : 0;
        assertEq(uint256(staking.levelOf(alice)), expected, "level from thresholds");
    }

    function testFuzz_StakeUnstakeWithdraw(uint256 stakeAmount, uint256 unstakeAmount, uint256 wait) public {
        stakeAmount = bound(stakeAmount, 1, 1_000_000 ether);
        unstakeAmount = bound(unstakeAmount, 1, stakeAmount);
        wait = bound(wait, 14 days, 365 days);
        uint256 start = bcnt.balanceOf(alice);

        _stake(alice, stakeAmount);
        uint256 id = _request(alice, unstakeAmount);
        uint8 levelBefore = staking.levelOf(alice);
        vm.warp(block.timestamp + wait);
        assertEq(uint256(staking.levelOf(alice)), uint256(levelBefore), "level kept until withdraw");
        vm.prank(alice);
        staking.withdraw(id);

        assertEq(staking.stakedOf(alice), stakeAmount - unstakeAmount, "remaining stake");
        assertEq(staking.pendingOf(alice), 0, "nothing pending");
        assertEq(bcnt.balanceOf(alice), start - stakeAmount + unstakeAmount, "wallet balance");
        assertEq(bcnt.balanceOf(address(staking)), staking.totalStaked(), "contract holds exactly the stake");
    }

    function testFuzz_RevertWhen_WithdrawEarly(uint256 wait) public {
        wait = bound(wait, 0, 14 days - 1);
        _stake(alice, 1 ether);
        uint256 id = _request(alice, 1 ether);
        uint256 unlockAt = block.timestamp + 14 days;
        vm.warp(block.timestamp + wait);
        vm.expectRevert(abi.encodeWithSelector(LoyaltyStaking.StakingRequestLocked.selector, id, unlockAt));
        vm.prank(alice);
        staking.withdraw(id);
    }
}
