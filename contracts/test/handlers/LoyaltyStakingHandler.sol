// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "../utils/Test.sol";
import {BCNT} from "../../src/BCNT.sol";
import {LoyaltyStaking} from "../../src/LoyaltyStaking.sol";

/// @notice Drives LoyaltyStaking with bounded stakes, unstake requests, withdrawals of unlocked
/// requests and time warps, for a fixed set of actors funded from the treasury.
contract LoyaltyStakingHandler is Test {
    BCNT public immutable bcnt;
    LoyaltyStaking public immutable staking;
    address[] internal actors;

    uint256 public stakes;
    uint256 public requests;
    uint256 public withdrawals;

    constructor(BCNT bcnt_, LoyaltyStaking staking_, address treasury) {
        bcnt = bcnt_;
        staking = staking_;
        string[4] memory names = ["staker-0", "staker-1", "staker-2", "staker-3"];
        for (uint256 i = 0; i < names.length; i++) {
            address actor = makeAddr(names[i]);
            actors.push(actor);
            vm.prank(treasury);
            assertTrue(bcnt.transfer(actor, 10_000_000 ether), "fund actor");
            vm.prank(actor);
            bcnt.approve(address(staking), type(uint256).max);
        }
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function actorAt(uint256 index) external view returns (address) {
        return actors[index];
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    function stake(uint256 actorSeed, uint256 amount) external {
        address actor = _actor(actorSeed);
        uint256 balance = bcnt.balanceOf(actor);
        if (balance == 0) return;
        amount = bound(amount, 1, balance);
        vm.prank(actor);
        staking.stake(amount);
        stakes++;
    }

    function requestUnstake(uint256 actorSeed, uint256 amount) external {
        address actor = _actor(actorSeed);
        uint256 staked = staking.stakedOf(actor);
        if (staked == 0) return;
        amount = bound(amount, 1, staked);
        vm.prank(actor);
        staking.requestUnstake(amount);
        requests++;
    }

    /// @dev Withdraws the actor's first open, unlocked request, if any.
    function withdraw(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        uint256[] memory ids = staking.requestIdsOf(actor);
        for (uint256 i = 0; i < ids.length; i++) {
            LoyaltyStaking.UnstakeRequest memory r = staking.getRequest(ids[i]);
            // forge-lint: disable-next-line(block-timestamp)
            if (!r.withdrawn && block.timestamp >= r.unlockAt) {
                vm.prank(actor);
                staking.withdraw(ids[i]);
                withdrawals++;
                return;
            }
        }
    }

    function warp(uint256 secondsAhead) external {
        secondsAhead = bound(secondsAhead, 0, 20 days);
        vm.warp(block.timestamp + secondsAhead);
    }
}
